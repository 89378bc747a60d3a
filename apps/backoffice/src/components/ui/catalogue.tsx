import './catalogue.css';
import { type ReactNode, useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { type Column, DataTable, type DataTableProps } from '@/components/ui/data-table';
import { PageHeader } from '@/components/ui/page-header';

/** What a catalogue holds open: the item in its form (null: a new one), and the last outcome to say. */
export type CatalogueState<T> = {
  editing: { item: T | null } | null;
  outcome: string | null;
  /** Open the form on an item, or empty to add one; the last outcome is no longer said. */
  open: (item: T | null) => void;
  close: () => void;
  /** The form saved: close it and say so. */
  done: (outcome: string) => void;
  /** Say the outcome of a row's own action (a pause, a removal), or nothing. */
  say: (outcome: string | null) => void;
};

/** The state of a catalogue, kept by its page so that its columns can open the form and say outcomes. */
export function useCatalogue<T>(): CatalogueState<T> {
  const [editing, setEditing] = useState<{ item: T | null } | null>(null);
  const [outcome, say] = useState<string | null>(null);
  return {
    editing,
    outcome,
    open: (item) => {
      say(null);
      setEditing({ item });
    },
    close: () => setEditing(null),
    done: (text) => {
      setEditing(null);
      say(text);
    },
    say,
  };
}

/** Each row's Edit button, named for a screen reader by the row's item, and the row's other actions beside it. */
export type EditColumn<T> = {
  header: string;
  label: string;
  name: (row: T) => string;
  more?: (row: T) => ReactNode;
};

type CatalogueProps<T> = Extract<DataTableProps<T>, { query: unknown }> & {
  state: CatalogueState<T>;
  title: string;
  intro: string;
  addLabel: string;
  /** 'page': the screen's own title (h1); 'section': one part of a screen (h2). */
  level: 'page' | 'section';
  /** The last column: an Edit button per row (the page's own columns otherwise hold its actions). */
  edit?: EditColumn<T>;
  /** Between the header and the list: its filters, or a row action's failure. */
  toolbar?: ReactNode;
  /** The form of the item being edited (null: a new one), with the page's own fields and rules. */
  form: (item: T | null) => ReactNode;
};

/**
 * A list an admin adds to and edits (house accounts, rewards, promotions,
 * operators, the blacklist): a title with the add button, what the last
 * change did, the list through the data table, and the page's form in a
 * dialog when an item is added or edited.
 */
export function Catalogue<T>({
  state,
  title,
  intro,
  addLabel,
  level,
  edit,
  toolbar,
  form,
  columns,
  ...table
}: CatalogueProps<T>) {
  const titleId = useId();
  const add = (
    <button type="button" className="button button--primary" onClick={() => state.open(null)}>
      {addLabel}
    </button>
  );
  const body = (
    <>
      {state.outcome && <Alert tone="success">{state.outcome}</Alert>}
      {toolbar}
      <DataTable {...table} columns={edit ? [...columns, editColumn(edit, state.open)] : columns} />
      {state.editing && form(state.editing.item)}
    </>
  );
  if (level === 'page') {
    return (
      <>
        <PageHeader title={title} subtitle={intro}>
          {add}
        </PageHeader>
        <div className="catalogue">{body}</div>
      </>
    );
  }
  return (
    <section className="catalogue" aria-labelledby={titleId}>
      <div className="catalogue__header">
        <div>
          <h2 id={titleId} className="catalogue__title">
            {title}
          </h2>
          <p className="catalogue__intro">{intro}</p>
        </div>
        {add}
      </div>
      {body}
    </section>
  );
}

function editColumn<T>(edit: EditColumn<T>, open: (item: T) => void): Column<T> {
  return {
    header: edit.header,
    cell: (row) => <EditButtons edit={edit} row={row} onEdit={() => open(row)} />,
  };
}

function EditButtons<T>({ edit, row, onEdit }: { edit: EditColumn<T>; row: T; onEdit: () => void }) {
  return (
    <div className="table__actions">
      <button type="button" className="button button--small" onClick={onEdit}>
        {edit.label}
        <span className="visually-hidden"> {edit.name(row)}</span>
      </button>
      {edit.more?.(row)}
    </div>
  );
}
