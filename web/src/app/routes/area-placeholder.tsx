import { useLocation } from 'react-router-dom';
import { ComingSoon } from '../../components/coming-soon';
import { NavIcon } from '../../components/nav-icon';
import { PageHeader, type Crumb } from '../../components/page-header';
import { AREA_INFO, type AreaKey } from '../../config/areas';
import { useCurrentDivisionId } from '../../lib/auth';
import { splitDivisionPath } from '../../lib/division';

type PlaceholderArea = Exclude<AreaKey, 'dashboard' | 'divisions' | 'my-profile' | 'user-manuals'>;

const CONTENT: Record<PlaceholderArea, { icon: string; description: string; features: string[] }> = {
  projects: {
    icon: 'building',
    description: 'Sites with their clients, inspection schedules, documents and site maps.',
    features: [
      'Active, post-storm and archived project lists with search',
      'Create a project with its client, inspector, regulations and routine interval',
      'The project inspections tab with certification, acknowledgement and compliance status',
      'Project documents and the site map editor',
    ],
  },
  inspection: {
    icon: 'building',
    description: 'An inspection with its questionnaire, findings, notes and certification signatures.',
    features: [
      'Questionnaire with the inspection template’s questions',
      'Corrective actions and maintenance items with photos',
      'Certification and compliance signatures',
      'Printable inspection report',
    ],
  },
  clients: {
    icon: 'briefcase',
    description: 'The clients of this division, their contacts and their projects.',
    features: [
      'Searchable, paginated client list',
      'Client detail with Contacts and Projects tabs',
      'Add contacts and create projects for a client',
    ],
  },
  groups: {
    icon: 'book',
    description: 'Regulation groups and the documents that belong to them.',
    features: [
      'Regulation groups with their number of documents',
      'Regulations and BMP document tabs with upload, rename and replace',
      'Annotation editor for regulation PDFs',
    ],
  },
  'map-legend': {
    icon: 'map-pin',
    description: 'The legend items (control measures and pollutants) drawn on site maps.',
    features: [
      'Legend items with their map symbols',
      'Regulations linked to each legend item',
      'Search Map Legend',
    ],
  },
  admin: {
    icon: 'users',
    description: 'The users of this division, their roles, clients and projects.',
    features: [
      'Users list with First Name, Last Name, Email, Role and Status',
      'Invite users and assign clients and projects',
      'Activate, deactivate and re-invite users',
    ],
  },
  'user-profiles': {
    icon: 'users',
    description: 'Edit a user’s details, role, clients, projects and permissions.',
    features: [
      'User form with role and divisions',
      'Clients and projects the user can access',
      'Permissions modal',
    ],
  },
  'inspection-templates': {
    icon: 'template',
    description: 'The questionnaires inspectors fill in, and their certification settings.',
    features: [
      'Template list and editor with sections and questions',
      'Compliance certification and acknowledgement options',
      'Template logo',
    ],
  },
  reports: {
    icon: 'dashboard',
    description: 'Per-project compliance statistics for this division.',
    features: [
      'Inspections, findings, acknowledgements and compliance counts per project',
      'Filters by client, date range and finding type',
      'Total and percent-variance rows, column settings',
    ],
  },
};

const SUB_PAGES: Record<string, string> = {
  'post-storm': 'Post-Storm',
  archive: 'Archive',
  inspections: 'Inspections',
  questionnaire: 'Questionnaire',
  findings: 'Findings',
  'start-inspection': 'Start Inspection',
  edit: 'Edit User',
};

/** The area's path segments after its root, e.g. ['archive', '12'] for /projects/archive/12. */
function subSegments(pathname: string, area: PlaceholderArea): string[] {
  const rest = splitDivisionPath(pathname)?.rest ?? pathname;
  const segments = rest.split('/').filter(Boolean);
  const index = segments.indexOf(area);
  return index >= 0 ? segments.slice(index + 1) : segments.slice(1);
}

export function AreaPlaceholder({ area }: { area: PlaceholderArea }) {
  const { pathname } = useLocation();
  const divisionId = useCurrentDivisionId();
  const info = AREA_INFO[area];
  const content = CONTENT[area];
  const subs = subSegments(pathname, area);
  const last = subs[subs.length - 1];
  const subLabel = last ? (SUB_PAGES[last] ?? 'Details') : null;

  const rootHref = divisionId ? info.rootHref(divisionId) : null;
  const crumbs: Crumb[] = [{ label: info.label, href: rootHref }];
  if (subLabel) crumbs.push({ label: subLabel });
  const title = subLabel && area !== 'user-profiles' ? `${info.label}: ${subLabel}` : info.label;

  return (
    <>
      <PageHeader crumbs={crumbs} title={area === 'user-profiles' ? 'Edit User' : title} />
      <ComingSoon
        title={area === 'user-profiles' ? 'Edit User' : info.label}
        icon={<NavIcon name={content.icon} size={26} />}
        description={
          <>
            {content.description} This screen is being built; the navigation, your division and your
            permissions already apply to it.
          </>
        }
        features={content.features}
      />
    </>
  );
}

export function placeholderRoute(area: PlaceholderArea) {
  return function AreaPlaceholderRoute() {
    return <AreaPlaceholder area={area} />;
  };
}
