import {
  IconBook,
  IconBriefcase,
  IconBuilding,
  IconCircle,
  IconLayoutDashboard,
  IconMapPin,
  IconSitemap,
  IconTemplate,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';

/** The icon names the profile's navigation entries carry (packages/domain RESOURCES). */
const ICONS: Record<string, Icon> = {
  dashboard: IconLayoutDashboard,
  building: IconBuilding,
  briefcase: IconBriefcase,
  book: IconBook,
  'map-pin': IconMapPin,
  users: IconUsers,
  sitemap: IconSitemap,
  template: IconTemplate,
};

export function NavIcon({ name, size = 20 }: { name: string; size?: number }) {
  const Component = ICONS[name] ?? IconCircle;
  return <Component size={size} stroke={1.6} aria-hidden="true" />;
}
