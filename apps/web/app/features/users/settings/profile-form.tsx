import {
  type Account,
  ApiError,
  BIO_MAX_LENGTH,
  CAR_MODEL_MAX_LENGTH,
  formatMessage,
  NICKNAME_MAX_LENGTH,
  updateProfile,
} from '@evcircle/contract/client';
import type { updateProfile as updateProfileDeclaration } from '@evcircle/contract/declarations';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useApi } from '~/lib/api.ts';
import { Button } from '~/ui/button.tsx';
import { cn } from '~/ui/cn.ts';
import { useToast } from '~/ui/toast.tsx';
import { USERS_MESSAGES } from './messages.ts';

type Fields = { nickname: string; bio: string; sex: number; car_model: string };
type FieldName = keyof Fields;
type FieldErrors = Partial<Record<FieldName, string>>;

const SEX_OPTIONS = [
  { value: 0, label: USERS_MESSAGES.sexUnknown },
  { value: 1, label: USERS_MESSAGES.male },
  { value: 2, label: USERS_MESSAGES.female },
] as const;

function fieldsOf(account: Account): Fields {
  return { nickname: account.nickname, bio: account.bio, sex: account.sex, car_model: account.car_model };
}

/** Only what differs from the saved account (text compared trimmed, as the server stores it). */
export function changedFields(saved: Fields, edited: Fields): Partial<Fields> {
  const out: Partial<Fields> = {};
  if (edited.nickname.trim() !== saved.nickname) out.nickname = edited.nickname;
  if (edited.bio.trim() !== saved.bio) out.bio = edited.bio;
  if (edited.sex !== saved.sex) out.sex = edited.sex;
  if (edited.car_model.trim() !== saved.car_model) out.car_model = edited.car_model;
  return out;
}

type ProfileSchema = NonNullable<(typeof updateProfileDeclaration)['body']>;

let profileSchema: Promise<ProfileSchema | null> | null = null;

/**
 * The contract's own schema of a profile change, with zod (about 20 KB compressed): it
 * loads when the form is first used, not with the page. Null when it cannot be fetched
 * (offline): the server checks the change the same way.
 */
function loadProfileSchema(): Promise<ProfileSchema | null> {
  profileSchema ??= import('@evcircle/contract/declarations').then(
    (declarations) => declarations.updateProfile.body ?? null,
    () => {
      profileSchema = null;
      return null;
    },
  );
  return profileSchema;
}

/**
 * Checks the changes with the contract's own schema, so the limits and messages are
 * exactly the server's (nickname 2–20, bio ≤ 200, car model ≤ 30, sex 0–2).
 */
export function validateChanges(changes: Partial<Fields>, schema: ProfileSchema | null): FieldErrors {
  const result = schema?.safeParse(changes);
  if (!result || result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as FieldName | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

type ProfileFormProps = { account: Account; onSaved: (account: Account) => void };

/** Nickname, bio, sex and car model, checked as typed and saved in one call. */
export function ProfileForm({ account, onSaved }: ProfileFormProps) {
  const api = useApi();
  const toast = useToast();
  const [saved, setSaved] = useState(() => fieldsOf(account));
  const [fields, setFields] = useState(saved);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  // Set by the first submit, which waits for it: the re-checks while typing use it as is.
  const [schema, setSchema] = useState<ProfileSchema | null>(null);

  function set<K extends FieldName>(name: K, value: Fields[K]) {
    const next = { ...fields, [name]: value };
    setFields(next);
    setServerError(null);
    // Re-check as they type once a field has shown an error, so it clears when fixed.
    if (errors[name]) setErrors(validateChanges(changedFields(saved, next), schema));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const changes = changedFields(saved, fields);
    let loaded = schema;
    if (!loaded) {
      // Busy (the button disabled) while the checks load, as while saving.
      setIsSaving(true);
      loaded = await loadProfileSchema();
      setSchema(loaded);
      setIsSaving(false);
    }
    const problems = validateChanges(changes, loaded);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    if (Object.keys(changes).length === 0) {
      toast.show(USERS_MESSAGES.noChanges);
      return;
    }
    setIsSaving(true);
    setServerError(null);
    try {
      const updated = await api.call(updateProfile, changes);
      const next = fieldsOf(updated);
      setSaved(next);
      setFields(next);
      toast.show(USERS_MESSAGES.saved, { tone: 'success' });
      onSaved(updated);
    } catch (error) {
      const message = error instanceof ApiError ? error.message : USERS_MESSAGES.saveFailed;
      setServerError(message);
      toast.show(message, { tone: 'error' });
    } finally {
      setIsSaving(false);
    }
  }

  const isDirty = Object.keys(changedFields(saved, fields)).length > 0;
  return (
    <form
      data-testid="profile-form"
      noValidate
      onSubmit={submit}
      // Typing in it is the sign it will be sent: its checks load meanwhile.
      onFocus={() => void loadProfileSchema()}
      className="space-y-5"
    >
      <Field
        label={USERS_MESSAGES.nickname}
        error={errors.nickname}
        counter={{ count: fields.nickname.trim().length, max: NICKNAME_MAX_LENGTH }}
      >
        {(props) => (
          <input
            {...props}
            name="nickname"
            autoComplete="nickname"
            value={fields.nickname}
            onChange={(e) => set('nickname', e.target.value)}
            className={inputClass(Boolean(errors.nickname))}
          />
        )}
      </Field>
      <Field
        label={USERS_MESSAGES.bio}
        error={errors.bio}
        counter={{ count: fields.bio.trim().length, max: BIO_MAX_LENGTH }}
      >
        {(props) => (
          <textarea
            {...props}
            name="bio"
            rows={3}
            placeholder={USERS_MESSAGES.bioPlaceholder}
            value={fields.bio}
            onChange={(e) => set('bio', e.target.value)}
            className={cn(inputClass(Boolean(errors.bio)), 'h-auto resize-y py-2 leading-relaxed')}
          />
        )}
      </Field>
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium">{USERS_MESSAGES.sex}</legend>
        <div className="inline-flex rounded-full bg-gray-100 p-1 dark:bg-gray-800">
          {SEX_OPTIONS.map((option) => (
            <label
              key={option.value}
              className={cn(
                'cursor-pointer rounded-full px-4 py-1.5 text-sm transition-colors has-focus-visible:outline-2 has-focus-visible:outline-primary-500',
                fields.sex === option.value
                  ? 'bg-white font-medium text-gray-900 shadow-sm dark:bg-gray-950 dark:text-white'
                  : 'text-gray-600 hover:text-gray-900 dark:text-gray-400 dark:hover:text-white',
              )}
            >
              <input
                type="radio"
                name="sex"
                value={option.value}
                checked={fields.sex === option.value}
                onChange={() => set('sex', option.value)}
                className="sr-only"
              />
              {option.label}
            </label>
          ))}
        </div>
        {errors.sex ? <FieldError message={errors.sex} /> : null}
      </fieldset>
      <Field
        label={USERS_MESSAGES.carModelLabel}
        error={errors.car_model}
        counter={{ count: fields.car_model.trim().length, max: CAR_MODEL_MAX_LENGTH }}
      >
        {(props) => (
          <input
            {...props}
            name="car_model"
            placeholder={USERS_MESSAGES.carModelPlaceholder}
            value={fields.car_model}
            onChange={(e) => set('car_model', e.target.value)}
            className={inputClass(Boolean(errors.car_model))}
          />
        )}
      </Field>
      {serverError ? (
        <p
          role="alert"
          data-testid="profile-form-error"
          className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300"
        >
          {serverError}
        </p>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" disabled={isSaving || !isDirty} className="min-w-28">
          {isSaving ? USERS_MESSAGES.saving : USERS_MESSAGES.save}
        </Button>
      </div>
    </form>
  );
}

function inputClass(hasError: boolean): string {
  return cn(
    'block h-10 w-full rounded-lg border bg-white px-3 text-sm text-gray-900 placeholder:text-gray-400',
    'focus:outline-2 focus:outline-offset-0 focus:outline-primary-500 dark:bg-gray-950 dark:text-gray-100 dark:placeholder:text-gray-600',
    hasError ? 'border-red-500 dark:border-red-500' : 'border-gray-300 dark:border-gray-700',
  );
}

type ControlProps = { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string };

function Field({
  label,
  error,
  counter,
  children,
}: {
  label: string;
  error?: string;
  counter: { count: number; max: number };
  children: (props: ControlProps) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const isOver = counter.count > counter.max;
  return (
    <div>
      <div className="mb-1.5 flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <span
          className={cn(
            'text-xs tabular-nums',
            isOver ? 'text-red-600 dark:text-red-400' : 'text-gray-400 dark:text-gray-500',
          )}
        >
          {formatMessage(USERS_MESSAGES.charCount, counter)}
        </span>
      </div>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': error ? errorId : undefined })}
      {error ? <FieldError id={errorId} message={error} /> : null}
    </div>
  );
}

function FieldError({ id, message }: { id?: string; message: string }) {
  return (
    <p id={id} role="alert" className="mt-1 text-xs text-red-600 dark:text-red-400">
      {message}
    </p>
  );
}
