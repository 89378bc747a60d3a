import './bank-select.css';
import { BANKS, type Bank, type BankCode } from '@app/contracts/banks';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BankLogo } from '@/components/ui/bank-logo';
import { ChevronDownIcon } from '@/components/ui/icons';
import { useListboxKeys } from '@/features/auth/hooks/use-listbox-keys';
import { useBackCloses } from '@/hooks/use-back-closes';
import { bankDisplayName } from '@/lib/banks';

type BankSelectProps = {
  labelId: string;
  value: BankCode;
  onChange: (bank: Bank) => void;
  /** The hidden form field's name; it carries the numeric bank code (spec §3). */
  name: string;
};

function bankIndex(code: BankCode): number {
  return Math.max(
    0,
    BANKS.findIndex((bank) => bank.code === code),
  );
}

/** A listbox of the banks (the 15 of spec §3 and BAAC) with their logos, operable by mouse, touch and keyboard. */
export function BankSelect({ labelId, value, onChange, name }: BankSelectProps) {
  const { i18n } = useTranslation();
  const buttonId = useId();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(bankIndex(value));
  const listRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const selected = BANKS[bankIndex(value)] ?? BANKS[0];
  const bankName = (bank: Bank) => bankDisplayName(bank.code, bank.name, i18n.language);
  // The phone's Back closes the open list, as it closes a native picker, instead of leaving the page.
  useBackCloses(() => {
    setOpen(false);
    buttonRef.current?.focus();
  }, open);

  useEffect(() => {
    if (!open) return;
    listRef.current?.focus();
    listRef.current?.querySelector('[aria-selected="true"]')?.scrollIntoView?.({ block: 'nearest' });
  }, [open]);

  useEffect(() => {
    if (open) listRef.current?.children[active]?.scrollIntoView?.({ block: 'nearest' });
  }, [active, open]);

  function choose(index: number) {
    const bank = BANKS[index];
    if (bank) onChange(bank);
    setOpen(false);
    buttonRef.current?.focus();
  }

  const onListKeyDown = useListboxKeys({
    count: BANKS.length,
    active,
    setActive,
    choose,
    close: (refocus) => {
      setOpen(false);
      if (refocus) buttonRef.current?.focus();
    },
  });

  return (
    <div className="bank-select">
      <input type="hidden" name={name} value={selected.numericCode} />
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        className="bank-select__button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-labelledby={`${labelId} ${buttonId}`}
        onClick={() => {
          setActive(bankIndex(value));
          setOpen((isOpen) => !isOpen);
        }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            setActive(bankIndex(value));
            setOpen(true);
          }
        }}
      >
        <BankLogo code={selected.code} />
        <span className="bank-select__name">{bankName(selected)}</span>
        <ChevronDownIcon className="bank-select__chevron" />
      </button>
      {open && (
        <div
          ref={listRef}
          id={listId}
          className="bank-select__list"
          role="listbox"
          tabIndex={-1}
          aria-labelledby={labelId}
          aria-activedescendant={`${listId}-${BANKS[active]?.code}`}
          onKeyDown={onListKeyDown}
          onBlur={(event) => {
            if (!event.currentTarget.parentElement?.contains(event.relatedTarget)) setOpen(false);
          }}
        >
          {BANKS.map((bank, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the listbox handles the keyboard for its options.
            <div
              key={bank.code}
              tabIndex={-1}
              id={`${listId}-${bank.code}`}
              role="option"
              aria-selected={bank.code === value}
              className={`bank-select__option${index === active ? ' is-active' : ''}`}
              onMouseEnter={() => setActive(index)}
              onClick={() => choose(index)}
            >
              <BankLogo code={bank.code} />
              <span>{bankName(bank)}</span>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
