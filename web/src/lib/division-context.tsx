import { createContext, useContext, type ReactNode } from 'react';

const DivisionContext = createContext<string | null>(null);

/** Set by the division-scoped part of the router from the URL's /divisions/{divisionId}. */
export function DivisionProvider({ divisionId, children }: { divisionId: string; children: ReactNode }) {
  return <DivisionContext.Provider value={divisionId}>{children}</DivisionContext.Provider>;
}

/**
 * The division of the page on screen, from its URL. A division-scoped screen passes it to every
 * call (the divisionId header) and puts it first in every cache key, so two tabs on two divisions
 * never share an answer or send each other's division.
 */
export function useDivisionId(): string {
  const divisionId = useContext(DivisionContext);
  if (!divisionId) throw new Error('useDivisionId() is used outside a /divisions/{divisionId}/ page');
  return divisionId;
}
