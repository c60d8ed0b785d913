import {
  ApiError,
  createTeam,
  formatMessage,
  NEARBY_RADIUS_CHOICES_KM,
  TEAM_DESCRIPTION_MAX_LENGTH,
  TEAM_EXPIRES_CHOICES_MINUTES,
  TEAM_EXPIRES_DEFAULT_MINUTES,
  TEAM_NOTIFY_RADIUS_DEFAULT_KM,
  TEAM_NOTIFY_RADIUS_MIN_KM,
  TEAM_TITLE_MAX_LENGTH,
} from '@evcircle/contract/client';
import { BellRing, Flag, LoaderCircle, MapPin } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useApi } from '~/lib/api.ts';
import { Button } from '~/ui/button.tsx';
import { cn } from '~/ui/cn.ts';
import { Switch } from '~/ui/switch.tsx';
import { useToast } from '~/ui/toast.tsx';
import { TEAMS_MESSAGES } from './messages.ts';
import { durationText } from './team-time.ts';

const RADIUS_CHOICES = NEARBY_RADIUS_CHOICES_KM.filter((km) => km >= TEAM_NOTIFY_RADIUS_MIN_KM);

export type CreateTeamFormProps = {
  /** Where the team meets: the viewer's position or the chosen city's centre (WGS-84). */
  place: { latitude: number; longitude: number };
  /** How that place reads (我的位置 / 上海（城市中心）). */
  placeLabel: string;
};

/**
 * 发起车队: a name, a few words, how long it runs, and whether (and how far) people
 * nearby are told. The team meets at the viewer's place, which others only ever see as a
 * distance bucket. Created, the page of the new team opens.
 */
export function CreateTeamForm({ place, placeLabel }: CreateTeamFormProps) {
  const api = useApi();
  const toast = useToast();
  const navigate = useNavigate();
  const ids = { title: useId(), description: useId(), push: useId(), pushHint: useId(), error: useId() };
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [minutes, setMinutes] = useState<number>(TEAM_EXPIRES_DEFAULT_MINUTES);
  const [radius, setRadius] = useState<number>(TEAM_NOTIFY_RADIUS_DEFAULT_KM);
  const [isPushing, setPushing] = useState(true);
  const [error, setError] = useState('');
  const [isSubmitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isSubmitting) return;
    if (title.trim() === '') {
      setError(TEAMS_MESSAGES.titleRequired);
      return;
    }
    setError('');
    setSubmitting(true);
    try {
      const { team_id } = await api.call(createTeam, {
        title: title.trim(),
        description: description.trim(),
        latitude: place.latitude,
        longitude: place.longitude,
        notify_radius: radius,
        expires_in: minutes,
        push_notify: isPushing ? 1 : 0,
      });
      toast.show(TEAMS_MESSAGES.created, { tone: 'success' });
      navigate(`/team/${team_id}`);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : TEAMS_MESSAGES.createFailed);
      setSubmitting(false);
    }
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      data-testid="create-team-form"
      aria-describedby={error ? ids.error : undefined}
      className="flex flex-col gap-5 rounded-2xl bg-white p-4 ring-1 ring-gray-900/5 md:p-6 dark:bg-gray-900 dark:ring-white/10"
    >
      <p className="flex items-start gap-2 rounded-xl bg-gray-50 px-3 py-2.5 text-xs leading-5 text-gray-600 dark:bg-gray-800/70 dark:text-gray-300">
        <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary-600 dark:text-primary-400" />
        <span>
          <span className="block font-medium text-gray-800 dark:text-gray-100">
            {formatMessage(TEAMS_MESSAGES.startPlace, { place: placeLabel })}
          </span>
          {TEAMS_MESSAGES.startPlaceHint}
        </span>
      </p>

      <Field label={TEAMS_MESSAGES.title} htmlFor={ids.title} count={title.length} max={TEAM_TITLE_MAX_LENGTH}>
        <input
          id={ids.title}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          maxLength={TEAM_TITLE_MAX_LENGTH}
          required
          placeholder={TEAMS_MESSAGES.titlePlaceholder}
          aria-invalid={error === TEAMS_MESSAGES.titleRequired}
          data-testid="team-title-input"
          className={INPUT}
        />
      </Field>

      <Field
        label={TEAMS_MESSAGES.description}
        htmlFor={ids.description}
        count={description.length}
        max={TEAM_DESCRIPTION_MAX_LENGTH}
      >
        <textarea
          id={ids.description}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          maxLength={TEAM_DESCRIPTION_MAX_LENGTH}
          rows={4}
          placeholder={TEAMS_MESSAGES.descriptionPlaceholder}
          data-testid="team-description-input"
          className={cn(INPUT, 'h-auto resize-none py-2 leading-6')}
        />
      </Field>

      <Choices
        label={TEAMS_MESSAGES.duration}
        testId="team-duration"
        choices={TEAM_EXPIRES_CHOICES_MINUTES.map((n) => ({ value: n, text: durationText(n) }))}
        value={minutes}
        onChange={setMinutes}
      />

      <div className="flex items-center justify-between gap-4">
        <span className="flex items-center gap-2.5">
          <span className="flex size-8 items-center justify-center rounded-full bg-primary-50 text-primary-600 dark:bg-primary-950 dark:text-primary-400">
            <BellRing aria-hidden="true" className="size-4" />
          </span>
          <span>
            <span id={ids.push} className="block text-sm font-medium">
              {TEAMS_MESSAGES.pushNotify}
            </span>
            <span id={ids.pushHint} className="block text-xs text-gray-500 dark:text-gray-400">
              {TEAMS_MESSAGES.pushNotifyHint}
            </span>
          </span>
        </span>
        <Switch
          checked={isPushing}
          onCheckedChange={setPushing}
          aria-labelledby={ids.push}
          aria-describedby={ids.pushHint}
          data-testid="team-push-switch"
        />
      </div>

      {isPushing ? (
        <Choices
          label={TEAMS_MESSAGES.notifyRadius}
          testId="team-radius"
          choices={RADIUS_CHOICES.map((n) => ({ value: n, text: formatMessage(TEAMS_MESSAGES.kmChoice, { n }) }))}
          value={radius}
          onChange={setRadius}
        />
      ) : null}

      {error ? (
        <p
          id={ids.error}
          role="alert"
          data-testid="create-team-error"
          className="text-sm text-red-600 dark:text-red-400"
        >
          {error}
        </p>
      ) : null}

      <Button type="submit" size="lg" disabled={isSubmitting} data-testid="create-team-submit">
        {isSubmitting ? (
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
        ) : (
          <Flag aria-hidden="true" className="size-4" />
        )}
        {isSubmitting ? TEAMS_MESSAGES.submitting : TEAMS_MESSAGES.submit}
      </Button>
    </form>
  );
}

const INPUT =
  'h-10 w-full rounded-xl border border-gray-200 bg-gray-50 px-3 text-[15px] outline-none placeholder:text-gray-400 focus:border-primary-500 focus:bg-white aria-[invalid=true]:border-red-500 dark:border-gray-700 dark:bg-gray-800 dark:placeholder:text-gray-500 dark:focus:border-primary-400';

function Field({
  label,
  htmlFor,
  count,
  max,
  children,
}: {
  label: string;
  htmlFor: string;
  count: number;
  max: number;
  children: ReactNode;
}) {
  return (
    <div>
      <div className="mb-1.5 flex items-baseline justify-between">
        <label htmlFor={htmlFor} className="text-sm font-medium">
          {label}
        </label>
        <span
          className={cn(
            'text-xs tabular-nums',
            count >= max ? 'text-red-600 dark:text-red-400' : 'text-gray-400 dark:text-gray-500',
          )}
        >
          {count}/{max}
        </span>
      </div>
      {children}
    </div>
  );
}

function Choices({
  label,
  testId,
  choices,
  value,
  onChange,
}: {
  label: string;
  testId: string;
  choices: { value: number; text: string }[];
  value: number;
  onChange: (value: number) => void;
}) {
  return (
    <fieldset data-testid={testId}>
      <legend className="mb-2 text-sm font-medium">{label}</legend>
      <div className="flex flex-wrap gap-2">
        {choices.map((choice) => (
          <button
            key={choice.value}
            type="button"
            aria-pressed={choice.value === value}
            onClick={() => onChange(choice.value)}
            className={cn(
              'h-8 rounded-full border px-3 text-sm transition-colors',
              choice.value === value
                ? 'border-primary-600 bg-primary-50 font-medium text-primary-700 dark:border-primary-400 dark:bg-primary-950 dark:text-primary-300'
                : 'border-gray-200 text-gray-700 hover:border-gray-300 dark:border-gray-700 dark:text-gray-300',
            )}
          >
            {choice.text}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
