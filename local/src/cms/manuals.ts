/**
 * The user manuals the local runtime publishes through its WordPress-shaped posts endpoint
 * (wordpress-posts.ts), so /user-manuals reads real guides on one machine. In the cloud the
 * manuals come from the CMS named by the deployment (stormline:userManualCmsUrl).
 */
export interface LocalManual {
  id: number;
  slug: string;
  title: string;
  /** ISO date of the last edit (WordPress's `modified`). */
  modified: string;
  excerpt: string;
  /** HTML, as a CMS stores it. */
  content: string;
}

export const LOCAL_MANUALS: readonly LocalManual[] = [
  {
    id: 101,
    slug: 'invite-a-user',
    title: 'Invite a user',
    modified: '2026-10-02T09:00:00',
    excerpt: 'Give a colleague, a client or a regulator their own account, with the right role and projects.',
    content: `
<p>Every person who signs in has their own account. An administrator (or a Client Manager, for
their own clients) invites them by e-mail; the invitee chooses their password from the link.</p>
<h2>Send the invitation</h2>
<ol>
  <li>Open <strong>Admin</strong> in the navigation. The list shows everyone in the working division.</li>
  <li>Choose <strong>Add Users</strong>.</li>
  <li>Type one or more e-mail addresses. Press <kbd>Enter</kbd>, a comma or a space after each one.</li>
  <li>Choose the <strong>role</strong> and the <strong>divisions</strong> they work in, then <strong>Next</strong>.</li>
  <li>Give them the clients and projects they need (client roles, BMP Contractors and Regulators
  see only what they are given), then <strong>Invite</strong>.</li>
</ol>
<p>Each person receives an e-mail with a registration link. The link works once and expires after
seven days.</p>
<h2>When the invitation has not arrived</h2>
<ul>
  <li>The user's status in the list is <em>Invited</em> until they register.</li>
  <li>Open their row and choose <strong>Resend invitation</strong>: a new link is sent and the old one stops working.</li>
  <li>Ask them to check their spam folder for a message from the product.</li>
</ul>
<h2>Change what someone may do</h2>
<p>Open the user from the Admin list. On the Edit User page you can change their role, divisions,
manager, clients and projects; <strong>Permissions</strong> adjusts single rights. To stop someone
signing in, set their status to <em>Inactive</em>: their sessions end at once.</p>`,
  },
  {
    id: 102,
    slug: 'run-an-inspection',
    title: 'Run an inspection',
    modified: '2026-10-09T09:00:00',
    excerpt: 'From the due-today banner to a finished questionnaire with findings and photos.',
    content: `
<p>Routine inspections follow each project's inspection interval; post-storm inspections follow a
qualifying rain event. Both use the questionnaire of the project's inspection template.</p>
<h2>Start</h2>
<ol>
  <li>Open the project from <strong>Projects</strong>, or use <strong>Start Inspection</strong> on the dashboard's Inspections Due list.</li>
  <li>On the project's Inspections tab choose <strong>New Routine Inspection</strong> (or Post-Storm).
  A new inspection cannot be created while another one of the project is still open.</li>
</ol>
<h2>Answer the questionnaire</h2>
<ul>
  <li>Answers are saved when you leave a question group; a message confirms each save.</li>
  <li>Dates cannot be in the future, and times move in 15-minute steps.</li>
  <li>Add a comment to any question with its comment field.</li>
</ul>
<h2>Record findings</h2>
<ol>
  <li>On the <strong>Findings</strong> tab choose <strong>Add Finding</strong>.</li>
  <li>Choose the finding type and the location, describe what you saw and what should be done.</li>
  <li>Add photos: they upload directly and show a progress bar. Rotate or annotate them after the upload.</li>
</ol>
<p>Open findings carry over into the next inspection with their history until they are completed.</p>`,
  },
  {
    id: 103,
    slug: 'certify-an-inspection',
    title: 'Certify an inspection',
    modified: '2026-10-16T09:00:00',
    excerpt: 'Sign the certification statement electronically and lock the report.',
    content: `
<p>A finished inspection is certified by the people its template names in its signature lines.
Certification is an electronic signature: you agree once to sign electronically in
<strong>My Profile</strong>, under <em>E-signature</em>.</p>
<h2>Certify one inspection</h2>
<ol>
  <li>Open the inspection and choose the <strong>Certification</strong> tab.</li>
  <li>Read the certification statement.</li>
  <li>Choose <strong>Sign</strong> on your signature line and confirm with your password.</li>
</ol>
<h2>Certify several at once</h2>
<p>On a project's Inspections tab, or the dashboard's Certifications Due widget, select the
inspections and choose <strong>Certify N Inspection(s)</strong>.</p>
<h2>After certification</h2>
<ul>
  <li>The inspection is read-only. Its report can be printed and shared with a public link.</li>
  <li>To correct it, a manager chooses <strong>Edit Inspection</strong>; this removes the compliance signatures, and it must be certified again.</li>
</ul>`,
  },
];
