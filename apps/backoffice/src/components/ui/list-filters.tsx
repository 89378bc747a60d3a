import '@/components/ui/filter-bar.css';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';

type SearchFilterProps = { label: string; placeholder: string; value: string; onSearch: (text: string) => void };

/**
 * The search box of a list: typed freely and applied on Enter, so that each
 * keystroke is not a request. It follows the address when that changes (Back).
 */
export function SearchFilter({ label, placeholder, value, onSearch }: SearchFilterProps) {
  const id = useId();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  return (
    <search className="field">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSearch(text.trim());
        }}
      >
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          type="search"
          value={text}
          maxLength={100}
          placeholder={placeholder}
          onChange={(event) => setText(event.target.value)}
        />
      </form>
    </search>
  );
}

type SelectFilterProps = {
  label: string;
  value: string;
  options: readonly (readonly [value: string, label: string])[];
  onChange: (value: string) => void;
};

/** One choice of a list's filter bar (a status, an order), applied at once. */
export function SelectFilter({ label, value, options, onChange }: SelectFilterProps) {
  const id = useId();
  return (
    <FormField id={id} label={label}>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </FormField>
  );
}

/** Oldest or newest first; the list's default order is offered first. */
export function SortFilter({
  value,
  onChange,
  newestFirst = false,
  extra = [],
}: {
  value: string;
  onChange: (value: string) => void;
  newestFirst?: boolean;
  /** Orders of this list beyond oldest and newest, offered first (the withdrawals' highest risk). */
  extra?: readonly (readonly [value: string, label: string])[];
}) {
  const { t } = useTranslation();
  const oldest = ['oldest', t('common.sortOldest')] as const;
  const newest = ['newest', t('common.sortNewest')] as const;
  return (
    <SelectFilter
      label={t('common.sort')}
      value={value}
      options={[...extra, ...(newestFirst ? [newest, oldest] : [oldest, newest])]}
      onChange={onChange}
    />
  );
}

export type QueueFiltersProps = {
  /** The search box's label and placeholder. */
  search: { label: string; placeholder: string };
  /** The statuses offered, each with its label. */
  statuses: readonly (readonly [value: string, label: string])[];
  values: { q: string; status: string; sort: string };
  set: (change: { q?: string; status?: string; sort?: string }) => void;
  /** A request is under way: the bar shows a spinner. */
  busy: boolean;
  /** Orders beyond oldest and newest. */
  sorts?: readonly (readonly [value: string, label: string])[];
};

/** The filter bar of a queue (withdrawals, deposits, bank transfers): search, status, order. */
export function QueueFilters({ search, statuses, values, set, busy, sorts }: QueueFiltersProps) {
  const { t } = useTranslation();
  return (
    <div className="filter-bar">
      <SearchFilter
        label={search.label}
        placeholder={search.placeholder}
        value={values.q}
        onSearch={(q) => set({ q })}
      />
      <SelectFilter
        label={t('common.status')}
        value={values.status}
        options={statuses}
        onChange={(status) => set({ status })}
      />
      <SortFilter value={values.sort} onChange={(sort) => set({ sort })} extra={sorts ?? []} />
      {busy && <Spinner label={t('common.loading')} />}
    </div>
  );
}
