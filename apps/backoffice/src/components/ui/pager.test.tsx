import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Pager } from '@/components/ui/pager';
import { i18n } from '@/lib/i18n';

describe('the pager counts in the plural forms of each language', () => {
  it('1 item, 0 items, 45 items; in Thai 1 รายการ', async () => {
    const { rerender } = render(<Pager page={1} limit={20} total={1} onPage={() => {}} />);
    expect(screen.getByText('Page 1 of 1 · 1 item')).toBeInTheDocument();
    rerender(<Pager page={1} limit={20} total={0} onPage={() => {}} />);
    expect(screen.getByText('Page 1 of 1 · 0 items')).toBeInTheDocument();
    rerender(<Pager page={2} limit={20} total={45} onPage={() => {}} />);
    expect(screen.getByText('Page 2 of 3 · 45 items')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('th'));
    rerender(<Pager page={1} limit={20} total={1} onPage={() => {}} />);
    expect(screen.getByText('หน้า 1 จาก 1 · 1 รายการ')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('en'));
  });

  it('a count the server capped reads "more than", and the next page stays reachable', async () => {
    render(<Pager page={500} limit={20} total={10_000} capped onPage={() => {}} />);
    expect(screen.getByText('Page 500 of 500+ · more than 10000 items')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });
});
