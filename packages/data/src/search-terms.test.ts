import { describe, expect, it } from 'vitest';
import { isFirstMatch, normalizeSearch, searchQuery, searchTerms } from './search-terms';

describe('search terms', () => {
  it('are each value from each of its words on, lower case, without terms that begin others', () => {
    expect(searchTerms('Acme Area 00')).toEqual(['00', 'acme area 00', 'area 00']);
    expect(searchTerms('Avery Admin', 'Admin', 'avery@example.com')).toEqual([
      'admin',
      'avery admin',
      'avery@example.com',
    ]);
  });

  it('come in the order DynamoDB reads their rows: by the bytes of `<term>#`', () => {
    // ' ' is 0x20 and '#' 0x23: 'zeta block#' is read before 'zeta#'.
    expect(searchTerms('Zeta', 'Zeta Block')).toEqual(['block', 'zeta block']);
    expect(searchTerms('ab c', 'ab')).toEqual(['ab c', 'c']);
  });

  it('treat a search with nothing searchable as none', () => {
    expect(searchQuery('  ###  ')).toBeNull();
    expect(searchQuery(undefined)).toBeNull();
    expect(normalizeSearch('  North   #Region ')).toBe('north region');
  });

  it('keep one row for a record that a search matches twice: the first one DynamoDB reads', () => {
    const terms = searchTerms('Sam Samson', 'Samson', 'sam@example.com');
    const matching = ['sam samson', 'sam@example.com', 'samson'];
    expect(matching.filter((term) => isFirstMatch({ term }, terms, 'sam'))).toEqual(['sam samson']);
    // A row whose term the record no longer has (a rename in progress) is never shown.
    expect(isFirstMatch({ term: 'old name' }, terms, 'old')).toBe(false);
  });
});
