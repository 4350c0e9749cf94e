import { IconBuilding } from '@tabler/icons-react';
import { ComingSoon } from '../../../components/coming-soon';
import { PageHeader } from '../../../components/page-header';

export default function PublicProjectRoute() {
  return (
    <>
      <PageHeader crumbs={[{ label: 'Public view' }, { label: 'Project' }]} title="Project" />
      <ComingSoon
        title="Public project view"
        icon={<IconBuilding size={26} stroke={1.6} />}
        description="A read-only view of a project that was made public: its inspections, documents and site maps. It is being built."
        features={[
          'Inspections tab, read-only',
          'Active site maps and regulations documents',
          'No edits, uploads or reordering',
        ]}
      />
    </>
  );
}
