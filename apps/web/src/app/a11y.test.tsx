import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Header } from '@/app/layout/header';
import { queryClient } from '@/lib/query-client';
import { mockApi, renderApp, signIn } from '@/testing/test-utils';

const ROLES = ['button', 'link', 'textbox', 'combobox'] as const;

/** Every control of these roles has a non-empty accessible name and a place in the tab order. */
function expectLabelledAndReachable() {
  for (const role of ROLES) {
    const all = screen.queryAllByRole(role);
    const named = screen.queryAllByRole(role, { name: /\S/ });
    expect(
      named.map((el) => el.outerHTML),
      role,
    ).toEqual(all.map((el) => el.outerHTML));
    for (const control of all) expect(control.tabIndex, control.outerHTML).toBeGreaterThanOrEqual(0);
  }
}

describe('spec §8 accessibility: every control is labelled and reachable by keyboard', () => {
  it.each([
    ['/login', 'Log in'],
    ['/register', 'Create account'],
  ])('%s: every control has an accessible name and none is taken out of the tab order', async (path, heading) => {
    mockApi();
    renderApp(path);
    await screen.findByRole('heading', { name: heading });
    expectLabelledAndReachable();
  });

  it('/: every control of the main frame has an accessible name and is in the tab order', async () => {
    mockApi();
    signIn();
    renderApp('/');
    await screen.findByRole('region', { name: 'My wallet' });
    await screen.findByRole('link', { name: /Contact/ });
    expectLabelledAndReachable();
  });
});

describe('§2 header home button', () => {
  it('has the pointer style only when authenticated', () => {
    mockApi();
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <Header />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByRole('button', { name: 'Home' })).toHaveStyle({ cursor: 'default' });
  });
});

function Broken(): never {
  throw new Error('chunk missing');
}

describe('a screen that cannot load', () => {
  it('offers a reload instead of a blank page', async () => {
    const { ErrorBoundary } = await import('@/components/ui/error-boundary');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <ErrorBoundary>
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong. Please reload the page.');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });
});
