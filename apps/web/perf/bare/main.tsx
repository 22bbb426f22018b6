// The floor of `npm run perf:web`: React, React DOM and the router the product uses, one page
// each for two paths, built with the product's toolchain. The product's JS is read against it.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Link } from 'react-router';
import { RouterProvider } from 'react-router/dom';

const router = createBrowserRouter([
  { path: '/', element: <Link to="/about">About</Link> },
  { path: '/about', element: <Link to="/">Home</Link> },
]);

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}
