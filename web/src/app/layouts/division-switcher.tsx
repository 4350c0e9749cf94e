import { useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { NativeSelect, useMatches } from '@mantine/core';
import { IconSitemap } from '@tabler/icons-react';
import { useCurrentDivisionId, useSession } from '../../lib/auth';
import { switchDivisionPath } from '../../lib/division';
import { storage } from '../../lib/storage';

/**
 * The top bar's division switcher (spec 001 §2): stores the division (spec 000 §9) and shows the
 * same page under the new division. The browser's own select: the phone's native picker, type to
 * find a division, and none of a custom combobox's positioning and scrolling work on every page
 * load (it was the largest task of the dashboard's load; docs/decisions/0012).
 */
export function DivisionSwitcher() {
  const profile = useSession();
  const current = useCurrentDivisionId();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  // Phones keep the width for the division's name rather than the icon.
  const icon = useMatches({ base: null, xs: <IconSitemap size={16} stroke={1.6} /> });
  // Arrow keys and typing on a closed select change it at once (Windows, Linux): a keyboard user
  // stepping through the list must not be sent to each division on the way. A change by keyboard
  // is taken on Enter or when the user leaves the select; one picked from the list, at once.
  const steppedTo = useRef<string | null>(null);
  // What the select shows while the user steps through it; the page's division otherwise.
  const [shown, setShown] = useState<string | null>(null);
  if (profile.divisions.length === 0) return null;

  const switchTo = (divisionId: string) => {
    steppedTo.current = null;
    setShown(null);
    if (!divisionId || divisionId === current) return;
    storage.setDivisionId(divisionId);
    const target = switchDivisionPath(pathname, divisionId);
    if (target) void navigate(target);
  };

  return (
    <NativeSelect
      aria-label="Division"
      data-testid="division-switcher"
      data={[
        // Without a working division nothing is chosen until the user picks one.
        ...(current ? [] : [{ value: '', label: 'Choose a division', disabled: true }]),
        ...profile.divisions.map((division) => ({ value: division.id, label: division.name })),
      ]}
      value={shown ?? current ?? ''}
      leftSection={icon}
      w={{ base: 156, xs: 200, sm: 230 }}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && steppedTo.current !== null) switchTo(steppedTo.current);
        // Alt+Arrow and Space open the list instead; a choice there changes it at once.
        else if (
          !event.altKey &&
          ((event.key.length === 1 && event.key !== ' ') || /^(Arrow|Page|Home|End)/.test(event.key))
        )
          steppedTo.current = event.currentTarget.value;
      }}
      onChange={(event) => {
        const divisionId = event.currentTarget.value;
        if (steppedTo.current === null) switchTo(divisionId);
        else {
          steppedTo.current = divisionId;
          setShown(divisionId);
        }
      }}
      onBlur={() => {
        if (steppedTo.current !== null) switchTo(steppedTo.current);
      }}
    />
  );
}
