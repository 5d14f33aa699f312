// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { BarChart, niceMax, tickIndexes } from './bar-chart';

afterEach(cleanup);

describe('BarChart', () => {
  it('rounds the axis top to 1, 2 or 5 × 10ⁿ', () => {
    expect(niceMax(0)).toBe(1);
    expect(niceMax(1)).toBe(1);
    expect(niceMax(3)).toBe(5);
    expect(niceMax(7)).toBe(10);
    expect(niceMax(12)).toBe(20);
    expect(niceMax(200)).toBe(200);
    expect(niceMax(201)).toBe(500);
  });

  it('spreads the labels, first and last always', () => {
    expect(tickIndexes(0, 6)).toEqual([]);
    expect(tickIndexes(3, 6)).toEqual([0, 1, 2]);
    expect(tickIndexes(31, 6)).toEqual([0, 6, 12, 18, 24, 30]);
    expect(tickIndexes(10, 2)).toEqual([0, 9]);
  });

  it('draws one bar per value scaled to the top, titled, with a screen-reader table', () => {
    const { container } = render(
      <BarChart
        title="Requests per day"
        categoryLabel="Day"
        valueLabel="Requests"
        data={[
          { label: 'Mar 01', value: 5 },
          { label: 'Mar 02', value: 0 },
          { label: 'Mar 03', value: 10 },
        ]}
      />,
    );
    expect(screen.getByRole('img', { name: 'Requests per day' })).toBeTruthy();
    const bars = container.querySelectorAll('[data-slot="bar-chart-bar"]');
    expect(bars).toHaveLength(3);
    expect(bars[0]!.getAttribute('height')).toBe('50');
    expect(bars[2]!.getAttribute('height')).toBe('100');
    expect(bars[0]!.textContent).toBe('Mar 01: 5');
    const table = screen.getByRole('table');
    expect(within(table).getByText('Requests per day')).toBeTruthy();
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).getByRole('rowheader', { name: 'Mar 03' })).toBeTruthy();
  });

  it('says so when every value is 0', () => {
    render(<BarChart title="t" data={[{ label: 'a', value: 0 }]} empty="No requests" />);
    expect(screen.getByText('No requests')).toBeTruthy();
  });
});
