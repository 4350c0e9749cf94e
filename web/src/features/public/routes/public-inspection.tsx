import { IconClipboardList } from '@tabler/icons-react';
import { ComingSoon } from '../../../components/coming-soon';
import { PageHeader } from '../../../components/page-header';

export default function PublicInspectionRoute() {
  return (
    <>
      <PageHeader crumbs={[{ label: 'Public view' }, { label: 'Inspection' }]} title="Inspection" />
      <ComingSoon
        title="Public inspection view"
        icon={<IconClipboardList size={26} stroke={1.6} />}
        description="A read-only view of a public inspection: its questionnaire, findings and certification. It is being built."
        features={['Questionnaire answers', 'Findings with photos', 'Certification status']}
      />
    </>
  );
}
