import './tabs.css';
import { type KeyboardEvent, useRef } from 'react';

export type Tab<Id extends string> = { id: Id; label: string };

type TabsProps<Id extends string> = {
  label: string;
  tabs: readonly Tab<Id>[];
  selected: Id;
  onSelect: (id: Id) => void;
  /** Ids are `${idPrefix}-tab-${id}`; the panel is `${idPrefix}-panel` (see tabPanelProps). */
  idPrefix: string;
};

/** The ids that tie the tabs to their one panel. */
export function tabIds(idPrefix: string, id: string) {
  return { tab: `${idPrefix}-tab-${id}`, panel: `${idPrefix}-panel` };
}

/**
 * The WAI-ARIA tabs pattern with automatic activation: one tab stop (the
 * selected tab), Left/Right arrows move to and select the neighbouring tab
 * (wrapping round), Home and End the first and last.
 */
export function Tabs<Id extends string>({ label, tabs, selected, onSelect, idPrefix }: TabsProps<Id>) {
  const refs = useRef(new Map<Id, HTMLButtonElement>());

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((tab) => tab.id === selected);
    const last = tabs.length - 1;
    const next: Record<string, number> = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    const target = event.key in next ? tabs[next[event.key] as number] : undefined;
    if (!target) return;
    event.preventDefault();
    onSelect(target.id);
    refs.current.get(target.id)?.focus();
  }

  return (
    <div role="tablist" aria-label={label} className="tabs" onKeyDown={onKeyDown}>
      {tabs.map((tab) => {
        const isSelected = tab.id === selected;
        const ids = tabIds(idPrefix, tab.id);
        return (
          <button
            key={tab.id}
            ref={(element) => {
              if (element) refs.current.set(tab.id, element);
              else refs.current.delete(tab.id);
            }}
            type="button"
            role="tab"
            id={ids.tab}
            aria-selected={isSelected}
            aria-controls={isSelected ? ids.panel : undefined}
            tabIndex={isSelected ? 0 : -1}
            className="tabs__tab"
            onClick={() => onSelect(tab.id)}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
