import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currencyCookieSetter, readCurrencyCookie, setCurrency, useCurrency } from './currency';

describe("the 'currency' cookie", () => {
  it('is read from a cookie string, USD when absent or unknown', () => {
    expect(readCurrencyCookie('a=1; currency=EUR; b=2')).toBe('EUR');
    expect(readCurrencyCookie('currency=jpy')).toBe('JPY');
    expect(readCurrencyCookie('currency=XYZ')).toBe('USD');
    expect(readCurrencyCookie('')).toBe('USD');
  });

  it('is kept for the whole site, secure on https', () => {
    expect(currencyCookieSetter('GBP', false)).toMatch(/^currency=GBP; Path=\/; Max-Age=\d+; SameSite=Lax$/);
    expect(currencyCookieSetter('GBP', true)).toMatch(/; Secure$/);
  });

  it('is followed by every component showing amounts', () => {
    function Shown() {
      return <p>{useCurrency()}</p>;
    }
    render(<Shown />);
    expect(screen.getByText('USD')).toBeInTheDocument();
    act(() => {
      setCurrency('CAD');
    });
    expect(screen.getByText('CAD')).toBeInTheDocument();
    expect(readCurrencyCookie(document.cookie)).toBe('CAD');
  });
});
