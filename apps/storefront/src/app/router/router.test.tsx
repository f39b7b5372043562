import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { matchPath } from './match.js';
import { Link, NavLink, Outlet, Router, useParams, useSearchParams } from './router.js';

afterEach(cleanup);

describe('matchPath', () => {
  it('matches literal segments and named parameters, decoded', () => {
    expect(matchPath('/products/:slug', '/products/blue%20mug')).toEqual({ slug: 'blue mug' });
    expect(matchPath('/account/orders/:orderId', '/account/orders/')).toBeNull();
    expect(matchPath('/cart', '/cart/')).toEqual({});
    expect(matchPath('/cart', '/carts')).toBeNull();
    expect(matchPath('/products/:slug', '/products/%E0%A4%A')).toBeNull();
    expect(matchPath('*', '/anything')).toEqual({ '*': '/anything' });
  });
});

function Product() {
  return <p>product {useParams().slug}</p>;
}
function Search() {
  const [params, set] = useSearchParams();
  return (
    <button type="button" onClick={() => set(new URLSearchParams({ q: 'mug' }))}>
      search is {params.get('q') ?? 'empty'}
    </button>
  );
}
function Shell() {
  return (
    <>
      <nav>
        <NavLink to="/cart">Cart</NavLink>
        <Link to="/products/mug">Mug</Link>
      </nav>
      <Outlet />
    </>
  );
}

describe('Router', () => {
  it('renders the matching route, navigates on plain clicks and marks the current link', () => {
    window.history.replaceState(null, '', '/');
    const { container } = render(
      <Router
        layout={<Shell />}
        routes={[
          { path: '/', element: <Search /> },
          { path: '/products/:slug', element: <Product /> },
          { path: '/cart', element: <p>cart page</p> },
          { path: '*', element: <p>not found</p> },
        ]}
      />,
    );
    // What the Outlet shows, after the layout's nav.
    const routed = () => container.lastElementChild?.outerHTML;
    fireEvent.click(screen.getByRole('button', { name: 'search is empty' }));
    expect(window.location.search).toBe('?q=mug');
    expect(routed()).toBe('<button type="button">search is mug</button>');

    fireEvent.click(screen.getByRole('link', { name: 'Mug' }));
    expect(routed()).toBe('<p>product mug</p>');
    expect(screen.getByRole('link', { name: 'Cart' }).getAttribute('aria-current')).toBeNull();

    // A modified click is left to the browser (new tab): no in-app navigation.
    fireEvent.click(screen.getByRole('link', { name: 'Cart' }), { ctrlKey: true });
    expect(routed()).toBe('<p>product mug</p>');
    fireEvent.click(screen.getByRole('link', { name: 'Cart' }));
    expect(routed()).toBe('<p>cart page</p>');
    expect(screen.getByRole('link', { name: 'Cart' }).getAttribute('aria-current')).toBe('page');

    act(() => {
      window.history.pushState(null, '', '/nowhere');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(routed()).toBe('<p>not found</p>');
    act(() => window.history.back());
  });
});
