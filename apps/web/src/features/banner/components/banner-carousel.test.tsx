import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { defaultSettings } from '@/testing/test-utils';

const scrollTo = vi.fn();
const autoplayOptions = vi.fn();

vi.mock('embla-carousel-autoplay', () => ({
  default: (options: unknown) => {
    autoplayOptions(options);
    return { name: 'autoplay', options };
  },
}));

vi.mock('embla-carousel-react', () => ({
  default: (options: unknown, plugins: unknown[]) => [
    () => {},
    { scrollTo, selectedScrollSnap: () => 0, on: vi.fn(), off: vi.fn(), options, plugins },
  ],
}));

const { BannerCarousel } = await import('@/features/banner/components/banner-carousel');
const { QueryClientProvider } = await import('@tanstack/react-query');

describe('§2 and §9 banner carousel', () => {
  beforeEach(() => {
    queryClient.setQueryData(['settings'], defaultSettings);
  });

  function renderBanner() {
    return render(
      <QueryClientProvider client={queryClient}>
        <BannerCarousel />
      </QueryClientProvider>,
    );
  }

  it('shows one event-point banner image from BANNER_URL', () => {
    renderBanner();
    const images = screen.getAllByRole('img');
    expect(images).toHaveLength(1);
    expect(images[0]).toHaveAttribute('src', '/images/banner/event-point.png');
  });

  it('autoplays every 3000 ms and interaction does not stop it', () => {
    renderBanner();
    expect(autoplayOptions).toHaveBeenCalledWith({ delay: 3000, stopOnInteraction: false });
  });

  it('pagination dots are clickable', () => {
    renderBanner();
    fireEvent.click(screen.getByRole('button', { name: 'Show banner 1' }));
    expect(scrollTo).toHaveBeenCalledWith(0);
  });
});
