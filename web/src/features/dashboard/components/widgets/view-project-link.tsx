import { Link } from 'react-router-dom';
import { Anchor } from '@mantine/core';
import { paths } from '../../../../config/paths';

/**
 * A row's 'View Project' link, named with its site for a screen reader's list of links. It may wrap
 * onto two lines, so a half-width widget's table fits without scrolling sideways; at least 24 px tall
 * (docs/decisions/0024).
 */
export function ViewProjectLink({
  divisionId,
  projectId,
  siteName,
}: {
  divisionId: string;
  projectId: string;
  siteName: string;
}) {
  return (
    <Anchor
      component={Link}
      to={paths.app.project.getHref(divisionId, projectId, 'inspections')}
      fz="sm"
      mih={24}
      style={{ display: 'inline-flex', alignItems: 'center' }}
      aria-label={`View Project ${siteName}`}
    >
      View Project
    </Anchor>
  );
}
