import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Pager } from './Pager.js';

afterEach(cleanup);

describe('Pager', () => {
  it('says which rows show, in a live status, and pages inside a labelled nav', () => {
    const onPage = vi.fn();
    render(<Pager page={1} pageSize={20} total={57} loading={false} noun="orders" statusId="count" onPage={onPage} />);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Showing 21–40 of 57');
    expect(status.id).toBe('count');
    expect(status.getAttribute('aria-live')).toBe('polite');
    const nav = screen.getByRole('navigation', { name: 'Pages of orders' });
    expect(nav.textContent).toContain('Page 2 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPage.mock.calls).toEqual([[0], [2]]);
  });

  it('disables Previous on the first page and Next on the last, and shows a partial last page', () => {
    render(<Pager page={2} pageSize={20} total={57} loading={false} noun="orders" statusId="c" onPage={() => {}} />);
    expect(screen.getByRole('status').textContent).toBe('Showing 41–57 of 57');
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(false);
    cleanup();
    render(<Pager page={0} pageSize={20} total={0} loading={false} noun="members" statusId="c" onPage={() => {}} />);
    expect(screen.getByRole('status').textContent).toBe('No members match');
    expect(screen.getByRole('navigation').textContent).toContain('Page 1 of 1');
    expect((screen.getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says it is loading while the rows come', () => {
    render(<Pager page={0} pageSize={20} total={0} loading noun="items" statusId="c" onPage={() => {}} />);
    expect(screen.getByRole('status').textContent).toBe('Loading items…');
  });
});
