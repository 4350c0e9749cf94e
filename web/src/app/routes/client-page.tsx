import { lazy, Suspense } from 'react';
import { ClientPage, type CreateProjectSlotProps } from '../../features/clients/routes/client';

// A feature never imports another (web/README.md): the app puts the projects feature's Create
// project modal into the client page. Its chunk loads after the page, before anyone opens it.
const CreateProjectModal = lazy(() =>
  import('../../features/projects/components/create-project-modal').then((m) => ({
    default: m.CreateProjectModal,
  })),
);

function CreateProject(props: CreateProjectSlotProps) {
  return (
    <Suspense fallback={null}>
      <CreateProjectModal {...props} />
    </Suspense>
  );
}

/** /divisions/{id}/clients/{uuid} with Create New Project. */
export default function ClientPageWithProjects() {
  return <ClientPage CreateProject={CreateProject} />;
}
