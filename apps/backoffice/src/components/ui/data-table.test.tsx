import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { type Column, DataTable, type Paged } from '@/components/ui/data-table';
import '@/lib/i18n';

type Row = { id: number; name: string; amount: number };

const columns: Column<Row>[] = [
  { header: 'Name', cell: (row) => row.name, className: 'mono' },
  { header: 'Amount', numeric: true, width: '8rem', cell: (row) => row.amount },
];

/** A list whose answer the test gives: a page of rows, a failure, or never (still loading). */
function PagedHarness({ answer }: { answer: (page: number) => Promise<Paged<Row>> }) {
  const [page, setPage] = useState(1);
  const query = useQuery({ queryKey: ['rows', page], queryFn: () => answer(page), retry: false });
  return (
    <DataTable query={query} page={page} onPage={setPage} columns={columns} rowKey={(row) => row.id} rowTestId="row" />
  );
}

function renderPaged(answer: (page: number) => Promise<Paged<Row>>) {
  const client = new QueryClient();
  return render(
    <QueryClientProvider client={client}>
      <PagedHarness answer={answer} />
    </QueryClientProvider>,
  );
}

const rowsOf = (page: number): Row[] => [{ id: page, name: `row ${page}`, amount: page * 100 }];

describe('the data table', () => {
  it('says it is loading, then shows each row with its cells labelled by their column (the cards on a phone)', async () => {
    let answer: (value: Paged<Row>) => void = () => {};
    renderPaged(() => new Promise((resolve) => (answer = resolve)));
    expect(screen.getByRole('status', { name: 'Loading...' })).toBeInTheDocument();
    answer({ items: rowsOf(1), total: 1, limit: 20 });
    const row = await screen.findByTestId('row');
    const [name, amount] = within(row).getAllByRole('cell');
    expect(name).toHaveAttribute('data-label', 'Name');
    expect(name).toHaveClass('mono');
    expect(amount).toHaveAttribute('data-label', 'Amount');
    expect(amount).toHaveClass('num');
    expect(screen.getByRole('columnheader', { name: 'Amount' })).toHaveStyle({ width: '8rem' });
  });

  it('pages through the server’s pages with the pager under the rows', async () => {
    renderPaged(async (page) => ({ items: rowsOf(page), total: 45, limit: 20 }));
    expect(await screen.findByText('row 1')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3 · 45 items')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('row 2')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 3 · 45 items')).toBeInTheDocument();
  });

  it('says when the list is empty (no pager) and when it failed to load', async () => {
    const { unmount } = renderPaged(async () => ({ items: [], total: 0, limit: 20 }));
    expect(await screen.findByText('Nothing here.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    unmount();
    renderPaged(() => Promise.reject(new Error('down')));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load this.');
  });

  it('shows rows it is given, with its own words when there are none', () => {
    const { rerender } = render(<DataTable rows={rowsOf(7)} columns={columns} rowKey={(row) => row.id} />);
    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(screen.getByText('row 7')).toBeInTheDocument();
    rerender(<DataTable rows={[]} empty="No rows yet." columns={columns} rowKey={(row) => row.id} />);
    expect(screen.getByText('No rows yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
