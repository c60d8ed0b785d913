import { formatMessage } from '@evcircle/contract/client';
import { Plus, Trash2, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '~/ui/button.tsx';
import { inputClass } from './input-class.ts';
import { SHOP_ADMIN_MESSAGES as M } from './messages.ts';
import { MAX_SPEC_GROUPS, type SpecDraft } from './product-draft.ts';

function OptionAdder({ index, onAdd }: { index: number; onAdd: (name: string) => void }) {
  const [text, setText] = useState('');
  const add = () => {
    const name = text.trim();
    if (!name) return;
    onAdd(name);
    setText('');
  };
  return (
    <span className="inline-flex items-center gap-1">
      <input
        data-testid={`spec-option-input-${index}`}
        aria-label={M.specOptions}
        placeholder={M.specOptionPlaceholder}
        maxLength={20}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            add();
          }
        }}
        className={`${inputClass} h-8 w-36`}
      />
      <Button
        variant="outline"
        size="sm"
        className="shrink-0 whitespace-nowrap"
        data-testid={`spec-option-add-${index}`}
        onClick={add}
      >
        {M.addOption}
      </Button>
    </span>
  );
}

/** Up to three spec groups, each a name and its options (chips). */
export function SpecEditor({ specs, onChange }: { specs: SpecDraft[]; onChange: (specs: SpecDraft[]) => void }) {
  const update = (index: number, spec: SpecDraft) => onChange(specs.map((s, i) => (i === index ? spec : s)));
  return (
    <div className="flex flex-col gap-3">
      {specs.map((spec, index) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: groups have no identity but their place
          key={index}
          data-testid="spec-group"
          className="rounded-lg border border-gray-200 p-3 dark:border-gray-800"
        >
          <div className="flex items-center gap-2">
            <input
              data-testid={`spec-name-${index}`}
              aria-label={M.specName}
              placeholder={M.specNamePlaceholder}
              maxLength={10}
              value={spec.name}
              onChange={(event) => update(index, { ...spec, name: event.target.value })}
              className={`${inputClass} max-w-48`}
            />
            <Button
              variant="ghost"
              size="sm"
              className="ml-auto text-red-600 dark:text-red-400"
              onClick={() => onChange(specs.filter((_, i) => i !== index))}
            >
              <Trash2 aria-hidden="true" className="size-4" />
              {M.removeSpec}
            </Button>
          </div>
          <div className="mt-2 flex flex-wrap items-center gap-1.5">
            {spec.options.map((option) => (
              <span
                key={option}
                className="inline-flex h-8 items-center gap-1 rounded-full bg-gray-100 pr-1 pl-3 text-sm dark:bg-gray-800"
              >
                {option}
                <button
                  type="button"
                  aria-label={formatMessage(M.removeOption, { name: option })}
                  className="flex size-6 items-center justify-center rounded-full text-gray-500 hover:bg-gray-200 dark:hover:bg-gray-700"
                  onClick={() => update(index, { ...spec, options: spec.options.filter((o) => o !== option) })}
                >
                  <X aria-hidden="true" className="size-3.5" />
                </button>
              </span>
            ))}
            <OptionAdder
              index={index}
              onAdd={(name) => {
                if (!spec.options.includes(name)) update(index, { ...spec, options: [...spec.options, name] });
              }}
            />
          </div>
        </div>
      ))}
      {specs.length < MAX_SPEC_GROUPS ? (
        <Button
          variant="outline"
          size="sm"
          className="self-start"
          data-testid="spec-add"
          onClick={() => onChange([...specs, { name: '', options: [] }])}
        >
          <Plus aria-hidden="true" className="size-4" />
          {M.addSpec}
        </Button>
      ) : null}
    </div>
  );
}
