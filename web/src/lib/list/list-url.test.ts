import { describe, expect, it } from 'vitest';
import { readListPlace, writeListPlace } from './list-url';

const params = (text: string) => new URLSearchParams(text);

describe('a list’s place in the URL', () => {
  it('reads page, cursor, search and sort', () => {
    expect(readListPlace(params('page=3&cursor=abc&search=lakes&sort=-name'))).toEqual({
      page: 3,
      cursor: 'abc',
      search: 'lakes',
      sort: { id: 'name', desc: true },
    });
  });

  it('reads the spec’s /admin/?search={email} link as a search on the first page', () => {
    expect(readListPlace(params('search=ana%40example.com'))).toEqual({
      page: 1,
      cursor: undefined,
      search: 'ana@example.com',
      sort: null,
    });
  });

  it('treats a page beyond any real list (a crafted link) as the first page', () => {
    expect(readListPlace(params('page=4294967295&cursor=x'))).toMatchObject({ page: 1, cursor: undefined });
  });

  it('treats a later page without its cursor, or a page that is not a number, as the first page', () => {
    expect(readListPlace(params('page=4')).page).toBe(1);
    expect(readListPlace(params('page=x&cursor=abc'))).toMatchObject({ page: 1, cursor: undefined });
  });

  it('starts again at page 1 on a new search or sort, and keeps the page’s other params', () => {
    const onPageTwo = params('tab=users&page=2&cursor=abc&search=la');
    expect(writeListPlace(onPageTwo, { search: 'lakes' }).toString()).toBe('tab=users&search=lakes');
    expect(writeListPlace(onPageTwo, { sort: { id: 'name', desc: false } }).toString()).toBe(
      'tab=users&search=la&sort=name',
    );
    expect(writeListPlace(onPageTwo, { search: 'la' }).toString()).toBe(
      'tab=users&page=2&cursor=abc&search=la',
    );
  });

  it('writes the first page without page or cursor', () => {
    expect(writeListPlace(params('page=2&cursor=abc'), { page: 1, cursor: undefined }).toString()).toBe('');
  });
});
