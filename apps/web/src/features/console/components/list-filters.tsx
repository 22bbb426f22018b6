import { useId, type ReactNode } from 'react';
import { inputClass } from '@/components/ui/form';
import { cn } from '@/utils/cn';

/** A labelled filter control; `control` gets the id its label points at. */
function FilterField({ label, control }: { label: string; control: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-white">
        {label}
      </label>
      {control(id)}
    </div>
  );
}

/** A console list's choice filter: 'all' (the empty value) or one of `options`. */
export function SelectFilter<V extends string>({
  label,
  allLabel,
  options,
  value,
  onChange,
}: {
  label: string;
  allLabel: string;
  options: readonly (readonly [V, string])[];
  value: V | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <FilterField
      label={label}
      control={(id) => (
        <select
          id={id}
          className={cn(inputClass, 'w-60')}
          value={value ?? ''}
          onChange={(event) => onChange(event.target.value)}
        >
          <option value="">{allLabel}</option>
          {options.map(([option, name]) => (
            <option key={option} value={option}>
              {name}
            </option>
          ))}
        </select>
      )}
    />
  );
}

/** A console list's day filter (a venue day, YYYY-MM-DD; empty for every day). */
export function DayFilter({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <FilterField
      label={label}
      control={(id) => (
        <input
          id={id}
          type="date"
          className={cn(inputClass, 'w-48')}
          value={value ?? ''}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    />
  );
}
