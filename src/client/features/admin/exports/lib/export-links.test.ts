import { describe, expect, it } from 'vitest';
import { listExportHref, listIsFiltered, purchasesExportHref } from './export-links';

const search = (query: string) => new URLSearchParams(query);

describe('the CSV downloads’ addresses', () => {
  it('carry the list’s search and filters from its address, not its page', () => {
    expect(listExportHref('active', search(''))).toBe('/api/admin/valuations/export.csv');
    expect(listExportHref('active', search('q=%20Smith%20&status=contacted&page=3'))).toBe(
      '/api/admin/valuations/export.csv?q=Smith&status=contacted',
    );
    expect(listExportHref('active', search('status=offer_expired'))).toBe(
      '/api/admin/valuations/export.csv?offer=expired',
    );
    expect(listExportHref('active', search('owner=mine&sort=time_left'))).toBe(
      '/api/admin/valuations/export.csv?owner=mine&sort=time_left',
    );
  });

  it('leave out what the list ignores: unknown values, and a status in the archive', () => {
    expect(listExportHref('active', search('status=bogus&owner=everyone&sort=price'))).toBe(
      '/api/admin/valuations/export.csv',
    );
    expect(listExportHref('archived', search('status=new&owner=mine&sort=time_left&q=ford'))).toBe(
      '/api/admin/valuations/export.csv?archived=true&q=ford',
    );
    expect(listExportHref('active', search(`q=${'x'.repeat(150)}`))).toBe(
      `/api/admin/valuations/export.csv?q=${'x'.repeat(100)}`,
    );
  });

  it('say whether the file holds only matches', () => {
    expect(listIsFiltered(listExportHref('archived', search('')))).toBe(false);
    expect(listIsFiltered(listExportHref('active', search('page=2')))).toBe(false);
    expect(listIsFiltered(listExportHref('active', search('q=ford')))).toBe(true);
  });

  it('give the purchases between two days when given', () => {
    expect(purchasesExportHref({ from: '', to: '' })).toBe('/api/admin/purchases/export.csv');
    expect(purchasesExportHref({ from: '2026-03-01', to: '' })).toBe('/api/admin/purchases/export.csv?from=2026-03-01');
    expect(purchasesExportHref({ from: '2026-03-01', to: '2026-03-31' })).toBe(
      '/api/admin/purchases/export.csv?from=2026-03-01&to=2026-03-31',
    );
  });
});
