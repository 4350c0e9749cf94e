import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { RESOURCES } from '../src/permissions';
import { ROLES } from '../src/roles';
import { TEMPLATE_EDITOR_ROLES } from '../src/roles';

/** Writes docs/permissions.md from the roles in code (or, with --check, fails when it is out of date). */
const target = path.resolve(import.meta.dirname, '../../../docs/permissions.md');
const SHORT = { read: 'R', create: 'C', update: 'U', delete: 'D', all: 'All' } as const;

function cell(roleIndex: number, resourceId: string): string {
  const role = ROLES[roleIndex]!;
  if (role.isAdmin) return 'All';
  const actions = role.permissions.filter((p) => p.pageId === resourceId).map((p) => p.perm);
  if (actions.includes('all')) return 'All';
  return (['read', 'create', 'update', 'delete'] as const)
    .filter((a) => actions.includes(a))
    .map((a) => SHORT[a])
    .join(' ');
}

const header = `| Resource | ${ROLES.map((r) => r.name).join(' | ')} |`;
const divider = `|---|${ROLES.map(() => '---').join('|')}|`;
const rows = RESOURCES.map(
  (r) => `| ${r.label} | ${ROLES.map((_, i) => cell(i, r.id) || '-').join(' | ')} |`,
);

const text = `# Roles and their default permissions

Generated from packages/domain/src/roles.ts by \`npm run docs\`; do not edit by hand.

A permission is an (action, resource) pair. R read, C create, U update, D delete; **All** grants
every action on the resource and is the only grant that satisfies a rule asking for "all"
(Certify, reopenInspection, Map Drawing...). Admin is flagged isAdmin and holds everything.
The Public account is read-only on the server whatever its grants say: every write is refused,
and it reads only routes marked public in the route contract.

Users have their role's permissions unless an administrator changed theirs in the Permissions
modal of Edit User (stored on the user as an override).

Navigation: a page shows when the user may read its resource; Inspection Templates additionally
needs one of the roles ${TEMPLATE_EDITOR_ROLES.join(', ')} (spec 000 §2).

${header}
${divider}
${rows.join('\n')}
`;

if (process.argv.includes('--check')) {
  const current = readFileSync(target, 'utf8');
  if (current !== text) {
    console.error('docs/permissions.md is out of date: run `npm run docs`.');
    process.exit(1);
  }
} else {
  writeFileSync(target, text);
}
