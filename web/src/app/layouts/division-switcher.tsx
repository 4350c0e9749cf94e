import { useLocation, useNavigate } from 'react-router-dom';
import { Select, useMatches } from '@mantine/core';
import { IconSitemap } from '@tabler/icons-react';
import { useCurrentDivisionId, useSession } from '../../lib/auth';
import { switchDivisionPath } from '../../lib/division';
import { storage } from '../../lib/storage';

/**
 * The top bar's division switcher (spec 001 §2): stores the division (spec 000 §9) and shows the
 * same page under the new division.
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
    <Select
      aria-label="Division"
      data-testid="division-switcher"
      data={profile.divisions.map((division) => ({ value: division.id, label: division.name }))}
      value={current}
      allowDeselect={false}
      searchable={profile.divisions.length > 8}
      checkIconPosition="right"
      leftSection={icon}
      w={{ base: 156, xs: 200, sm: 230 }}
      comboboxProps={{ width: 260, position: 'bottom-end', shadow: 'md' }}
      onChange={(divisionId) => {
        if (!divisionId || divisionId === current) return;
        storage.setDivisionId(divisionId);
        const target = switchDivisionPath(pathname, divisionId);
        if (target) void navigate(target);
      }}
    />
  );
}
