import { SIGNATURE_GROUPS, SIGNATURE_GROUP_TITLES } from '@stormline/domain/template-model';
import type { SignatureGroup } from '@stormline/domain/template-model';
import { html, type SafeHtml } from '../html';
import { printDate, printInstant } from './format';

/**
 * The signatures of an inspection as printed (spec 002 §2 Print Inspection): per group, each
 * signature with the attestation text as it was signed (kept on the signature, not the template's
 * text now), the signer, role, position, the certification date and the time signed, and whether
 * it still verifies: the digest it vouched for against the inspection's content now (0018).
 */

export interface PrintSignature {
  group: SignatureGroup;
  lineLabel: string | null;
  userName: string;
  role: string;
  position: string | null;
  date: string;
  signedAt: string;
  attestation: string | null;
  /** The inspection's content is unchanged since this signature (its digest still matches). */
  verifies: boolean;
}

export const VERIFIES_TEXT = 'Verified: the inspection is unchanged since it was signed.';
export const DOES_NOT_VERIFY_TEXT =
  'Does not verify: the inspection was changed after it was signed. Sign it again to certify the current content.';

function signatureBlock(s: PrintSignature, timeZone: string): SafeHtml {
  return html`<div class="signature keep">
    ${s.attestation ? html`<blockquote class="attestation">${s.attestation}</blockquote>` : null}
    <table class="fields">
      <colgroup>
        <col style="width:28%" />
        <col />
      </colgroup>
      <tbody>
        ${
          s.lineLabel
            ? html`<tr>
                <th scope="row">Line</th>
                <td>${s.lineLabel}</td>
              </tr>`
            : null
        }
        <tr>
          <th scope="row">Signed by</th>
          <td class="signer">${s.userName}</td>
        </tr>
        <tr>
          <th scope="row">Role</th>
          <td>${s.role}</td>
        </tr>
        ${
          s.position
            ? html`<tr>
                <th scope="row">Position</th>
                <td>${s.position}</td>
              </tr>`
            : null
        }
        <tr>
          <th scope="row">Certification date</th>
          <td>${printDate(s.date)}</td>
        </tr>
        <tr>
          <th scope="row">Signed at</th>
          <td>${printInstant(timeZone, s.signedAt)}</td>
        </tr>
        <tr>
          <th scope="row">Verification</th>
          <td class="${s.verifies ? 'verifies' : 'fails'}">
            ${s.verifies ? VERIFIES_TEXT : DOES_NOT_VERIFY_TEXT}
          </td>
        </tr>
      </tbody>
    </table>
  </div>`;
}

export const SIGNATURES_CSS = `
.signature { margin: 0 0 10pt; }
.attestation { margin: 0 0 4pt; padding: 4pt 8pt; border-left: 2pt solid #999; white-space: pre-wrap; overflow-wrap: anywhere; }
.verifies { color: #1b5e20; font-weight: bold; }
.fails { color: #b71c1c; font-weight: bold; }
`;

/** Every signature, grouped inspection, acknowledgement, compliance. */
export function signaturesSection(signatures: readonly PrintSignature[], timeZone: string): SafeHtml {
  const groups = SIGNATURE_GROUPS.filter((g) => signatures.some((s) => s.group === g));
  return html`<section class="signatures">
    <h2>Signatures</h2>
    ${groups.length === 0 ? html`<p class="muted">This inspection has not been signed.</p>` : null}
    ${groups.map(
      (group) =>
        html`<h3>${SIGNATURE_GROUP_TITLES[group]}</h3>
          ${signatures.filter((s) => s.group === group).map((s) => signatureBlock(s, timeZone))}`,
    )}
  </section>`;
}
