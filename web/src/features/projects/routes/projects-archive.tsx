import { ProjectsList } from './projects';

/** /divisions/{id}/projects/archive: the archived projects (spec 002 §2 'View Archived Projects'). */
export default function ProjectsArchiveRoute() {
  return <ProjectsList archived />;
}
