/**
 * The dashboard's widgets (spec 000 §2, §9): each at half width (6) or full width (12), switched
 * with Show More / Show Less; a user's saved list is ordered, and holds the widgets switched on.
 */

export const DASHBOARD_WIDGETS = [
  'Certifications Due',
  'Findings Overview',
  'Open Findings',
  'Team Management',
  'Inspections Due',
  'Inspection Calendar',
] as const;

export type WidgetName = (typeof DASHBOARD_WIDGETS)[number];
export type WidgetWidth = 6 | 12;

export interface WidgetSetting {
  name: WidgetName;
  width: WidgetWidth;
}

/** Spec 000 §9: "Widget size toggle switches at a value of 6 (Show More / Show Less)". */
export const HALF_WIDTH: WidgetWidth = 6;
export const FULL_WIDTH: WidgetWidth = 12;

/**
 * The list a user without a saved dashboard sees: every widget, in the spec's order, each at half
 * width, so the default grid has two to a row and no holes; Show More gives a wide table the row.
 */
export const DEFAULT_WIDGETS: readonly WidgetSetting[] = DASHBOARD_WIDGETS.map((name) => ({
  name,
  width: HALF_WIDTH,
}));

/** Show More widens a half-width widget to full width; Show Less narrows it back. */
export const toggledWidth = (width: WidgetWidth): WidgetWidth =>
  width === HALF_WIDTH ? FULL_WIDTH : HALF_WIDTH;

/** A widget moved from one place of the list to another (drag and drop), the others kept in order. */
export function movedWidget<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [moved] = next.splice(from, 1);
  if (moved === undefined) return next;
  next.splice(Math.max(0, Math.min(to, next.length)), 0, moved);
  return next;
}

/**
 * The widgets a user may have: Team Management only for those who choose inspectors (create
 * Project, docs/decisions/0018), since its data is refused to everyone else.
 */
export function availableWidgets(may: { manageTeam: boolean }): WidgetName[] {
  return DASHBOARD_WIDGETS.filter((name) => name !== 'Team Management' || may.manageTeam);
}

/** A saved or default list kept to the widgets the user may have. */
export function widgetsAllowed(
  list: readonly WidgetSetting[],
  available: readonly WidgetName[],
): WidgetSetting[] {
  return list.filter((w) => available.includes(w.name));
}

/** Team Management's Re-assign: the most projects given to another inspector at once (one transaction). */
export const REASSIGN_MAX = 25;
export const REASSIGN_LIMIT_MESSAGE = `Re-assign at most ${REASSIGN_MAX} projects at once`;

/**
 * Team Management lists each member's first sites, the rest on request: a page of members then
 * costs the same whatever the members inspect (docs/decisions/0022).
 */
export const TEAM_SITES_PER_MEMBER = 5;
