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
  if (profile.divisions.length === 0) return null;

  return (
    <NativeSelect
      aria-label="Division"
      data-testid="division-switcher"
      data={[
        // Without a working division nothing is chosen until the user picks one.
        ...(current ? [] : [{ value: '', label: 'Choose a division', disabled: true }]),
        ...profile.divisions.map((division) => ({ value: division.id, label: division.name })),
      ]}
      value={current ?? ''}
      leftSection={icon}
      w={{ base: 156, xs: 200, sm: 230 }}
      onChange={(event) => {
        const divisionId = event.currentTarget.value;
        if (!divisionId || divisionId === current) return;
        storage.setDivisionId(divisionId);
        const target = switchDivisionPath(pathname, divisionId);
        if (target) void navigate(target);
      }}
    />
  );
}
