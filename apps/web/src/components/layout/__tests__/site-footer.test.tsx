import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SiteFooter } from '../site-footer';
import { renderWithRouter } from '@/testing/test-utils';

describe('SiteFooter', () => {
  it('has the four columns of the spec', () => {
    renderWithRouter(<SiteFooter />);
    const footer = screen.getByRole('contentinfo');

    expect(
      within(footer)
        .getAllByRole('heading', { level: 2 })
        .map((heading) => heading.textContent),
    ).toEqual(['Questfield', 'Quick links', 'Contact', 'Social media']);
    expect(footer).toHaveTextContent(
      'Questfield lets users enhance experiences and engage audiences through gamification',
    );
  });

  it('lists the quick links in order', () => {
    renderWithRouter(<SiteFooter />);
    const quickLinks = screen.getByRole('navigation', { name: 'Quick links' });

    expect(
      within(quickLinks)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Dashboard', '/dashboard'],
      ['Community & Partnerships', '/community-partnerships'],
      ['Soundtrack', '/soundtrack'],
      ['Store', '/store'],
      ['Live Streaming', '/livestream'],
    ]);
  });

  it('shows the contact email and the UK phone number as links', () => {
    renderWithRouter(<SiteFooter />);

    expect(screen.getByRole('link', { name: /hello@questfield\.example/ })).toHaveAttribute(
      'href',
      'mailto:hello@questfield.example',
    );
    expect(screen.getByRole('link', { name: /\+44 20 7946 0321/ })).toHaveAttribute(
      'href',
      'tel:+442079460321',
    );
  });

  it('shows the five social networks as disabled placeholder links', () => {
    renderWithRouter(<SiteFooter />);

    for (const network of ['Instagram', 'Twitter', 'Facebook', 'Youtube', 'LinkedIn']) {
      const link = screen.getByRole('link', { name: new RegExp(`^${network}`) });
      expect(link).toHaveAttribute('aria-disabled', 'true');
      expect(link).not.toHaveAttribute('href');
    }
  });

  it('has the bottom bar with the copyright and the legal links', () => {
    renderWithRouter(<SiteFooter />);

    expect(screen.getByText('© 2025 | All Rights Reserved')).toBeInTheDocument();
    const legal = screen.getByRole('navigation', { name: 'Legal' });
    expect(
      within(legal)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Terms & Conditions', '/terms-and-conditions'],
      ['Privacy Policy', '/privacy-policy'],
      ['Contact Us', 'mailto:hello@questfield.example'],
    ]);
  });
});
