import { randomUUID } from 'node:crypto';
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '@stormline/data/dynamo';
import {
  createFinding,
  findingImageCountStep,
  findingImagePutStep,
  findingNoteStep,
  findingUpdateSteps,
  getFinding,
  listOpenFindingsOfProject,
} from '@stormline/data/findings';
import type { FindingRecord } from '@stormline/data/findings';
import { createInspection, getInspection, saveAnswers } from '@stormline/data/inspections';
import type { InspectionRecord } from '@stormline/data/inspections';
import { getProjectInDivision, projectKeys } from '@stormline/data/projects';
import type { ProjectRecord } from '@stormline/data/projects';
import { INDEXES } from '@stormline/data/table';
import { getTemplateVersion } from '@stormline/data/templates';
import { transact } from '@stormline/data/transact';
import { setSignatureAuthorization } from '@stormline/data/users';
import type { UserRecord } from '@stormline/data/users';
import { addDays, localDate } from '@stormline/domain/local-date';
import { COMPLETED_AS_RECOMMENDED } from '@stormline/domain/finding-rules';
import { inspectionFacts, initialAnswers, questionnaireStatus } from '@stormline/domain/questionnaire-rules';
import { grantsOf, roleById } from '@stormline/domain/roles';
import type { InspectionType, SignatureGroup, TemplateVersion } from '@stormline/domain/template-model';
import type { Caller } from '@stormline/functions/lib/authenticate';
import { readCertificationFacts } from '@stormline/functions/lib/certification-state';
import type { Deps } from '@stormline/functions/lib/deps';
import { fileStoreOf } from '@stormline/functions/lib/file-store';
import { signatureSteps } from '@stormline/functions/lib/sign-inspection';
import { makeJpeg } from './demo-files';
import { sampleAnswers } from './sample-answers';

/**
 * A season of inspections on the demo projects (issue 10 "Demo data"), written through the same
 * data writers and signing rules the API uses, so every screen has something true to show:
 *
 * - the first project of each division: six weekly routine inspections and a post-storm one, all
 *   certified (one late), findings of each type with photos, a CA completed late, an MI carried
 *   over from week to week and still open; due today, so the banner offers Start Inspection;
 * - the second: an inspection begun two days ago and not yet complete, with an open CA and photos,
 *   so a new inspection is refused until it is done;
 * - the third: two certified inspections awaiting compliance, for 'Certify 2 Inspection(s)'.
 */

type SeedUser = UserRecord & { divisionIds: string[] };

interface Ctx {
  db: Db;
  deps: Deps;
  caller: Caller;
  /** Acknowledgements are the client's to sign (all on Acknowledgement), when the division has one. */
  acknowledger: Caller | null;
  project: ProjectRecord;
  version: TemplateVersion;
  today: string;
}

function callerOf(user: UserRecord): Caller {
  const role = roleById(user.roleId)!;
  return {
    user: { ...user, electronicSignatureAuthorization: true },
    role,
    grants: grantsOf(role, user.permissionsOverride),
    token: { userId: user.id, tokenId: 'seed', issuedAt: 0 } as unknown as Caller['token'],
    inRequestedDivision: true,
  };
}

export async function projectsOf(db: Db, divisionId: string): Promise<ProjectRecord[]> {
  const { Items } = await db.doc.send(
    new QueryCommand({
      TableName: db.tableName,
      IndexName: INDEXES.byParent.indexName,
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': projectKeys.projectsOfDivision(divisionId, 'ACTIVE') },
      Limit: 3,
    }),
  );
  return Promise.all((Items ?? []).map((i) => getProjectInDivision(db, divisionId, i.id as string)));
}

/** Creates an inspection dated `day` and answers it fully (complete), or partly. */
async function inspect(
  ctx: Ctx,
  day: string,
  type: InspectionType,
  options: { complete: boolean; variant: number },
): Promise<InspectionRecord> {
  const created_date = `${day}T09:30`;
  const open = await listOpenFindingsOfProject(ctx.db, ctx.project.divisionId, ctx.project.id);
  const userName = `${ctx.caller.user.first_name} ${ctx.caller.user.last_name}`;
  const start = initialAnswers(ctx.version, { nowLocal: created_date, type, userName });
  const inspection = await createInspection(
    ctx.db,
    {
      divisionId: ctx.project.divisionId,
      projectId: ctx.project.id,
      type,
      created_date,
      inspectorId: ctx.caller.user.id,
      createdBy: ctx.caller.user.id,
      version: ctx.version,
      answers: start,
      carried: open.map((f) => ({ findingId: f.id, number: f.number, typeCode: f.typeCode })),
    },
    () => [],
    new Date(`${day}T09:30:00Z`),
  );
  const answers = options.complete
    ? sampleAnswers(ctx.version, { day, type, findingIds: [], variant: options.variant }, start)
    : start;
  const facts = inspectionFacts(ctx.version, answers, inspection);
  await saveAnswers(
    ctx.db,
    inspection,
    0,
    { answers, comments: {}, status: questionnaireStatus(ctx.version, answers), ...facts },
    [],
  );
  return getInspection(ctx.db, ctx.project.divisionId, inspection.id);
}

/** Signs every line of a group on `date`, through the same rules as the API. */
async function sign(ctx: Ctx, inspectionId: string, group: SignatureGroup, date: string): Promise<void> {
  const signer = group === 'acknowledgement' ? ctx.acknowledger : ctx.caller;
  if (!signer) return;
  for (const line of ctx.version.signature_groups[group] ?? []) {
    const inspection = await getInspection(ctx.db, ctx.project.divisionId, inspectionId);
    const facts = await readCertificationFacts(ctx.deps, inspection);
    const { steps } = signatureSteps(ctx.deps, signer, inspection, ctx.project, facts, {
      group,
      lineType: line.type,
      date,
      emailMessage: null,
    });
    await transact(ctx.db, steps);
  }
}

async function raise(
  ctx: Ctx,
  inspection: InspectionRecord,
  code: string,
  location: string,
  day: string,
  observation: string,
): Promise<FindingRecord> {
  const type = ctx.version.finding_types.find((t) => t.code === code && t.details.is_enabled);
  if (!type) throw new Error(`The template ${ctx.version.name} has no finding type ${code}`);
  const now = new Date(`${day}T10:00:00Z`);
  return createFinding(
    ctx.db,
    {
      divisionId: ctx.project.divisionId,
      projectId: ctx.project.id,
      typeId: type.id,
      typeCode: type.code,
      typeName: type.name,
      color: type.details.color,
      is_required_for_cert: type.details.is_required_for_cert,
      location,
      date_initiated: day,
      date_completed: null,
      condition: ctx.version.condition_options[1]?.code ?? null,
      control_measure_id: null,
      comments: null,
      initialInspectionId: inspection.id,
      createdBy: ctx.caller.user.id,
    },
    inspection,
    (finding) => [
      findingNoteStep(ctx.db, ctx.project.divisionId, {
        id: randomUUID(),
        findingId: finding.id,
        content: observation,
        authorId: ctx.caller.user.id,
        createdAt: now.toISOString(),
        updatedAt: null,
        version: 0,
      }),
    ],
    now,
  );
}

async function complete(ctx: Ctx, findingId: string, day: string): Promise<void> {
  const finding = await getFinding(ctx.db, ctx.project.divisionId, findingId);
  await transact(
    ctx.db,
    findingUpdateSteps(ctx.db, finding, {
      ...finding,
      date_completed: day,
      comments: COMPLETED_AS_RECOMMENDED,
    }),
  );
}

/** Two photos of a finding (a site picture and its 220 px thumbnail each), stored like uploads. */
async function photograph(ctx: Ctx, finding: FindingRecord, day: string, count = 2): Promise<void> {
  const store = fileStoreOf({ db: ctx.db });
  const steps = [];
  for (let i = 0; i < count; i++) {
    const id = randomUUID();
    const objectKey = `files/${id}/${randomUUID()}`;
    const thumbnailKey = `files/${id}-thumbnail/${randomUUID()}`;
    await store.put(objectKey, makeJpeg(960, 720), 'image/jpeg');
    await store.put(thumbnailKey, makeJpeg(220, 165), 'image/jpeg');
    steps.push(
      findingImagePutStep(ctx.db, ctx.project.divisionId, {
        id,
        findingId: finding.id,
        name: `${finding.typeCode}-${finding.number}-photo-${i + 1}.jpg`,
        mime_type: 'image/jpeg',
        objectKey,
        thumbnailKey,
        width: 960,
        height: 720,
        rotation: 0,
        annotations:
          i === 0 ? [{ kind: 'circle', x: 480, y: 560, width: 160, height: 120, color: '#F44E3B' }] : [],
        uploadedAt: new Date(`${day}T10:05:0${i}Z`).toISOString(),
        uploadedBy: ctx.caller.user.id,
        version: 0,
      }),
    );
  }
  await transact(ctx.db, [
    ...steps,
    findingImageCountStep(ctx.db, ctx.project.divisionId, finding.id, count),
  ]);
}

async function setNextDate(ctx: Ctx, date: string): Promise<void> {
  await ctx.db.doc.send(
    new UpdateCommand({
      TableName: ctx.db.tableName,
      Key: projectKeys.project(ctx.project.divisionId, ctx.project.id),
      UpdateExpression: 'SET next_inspection_date = :date',
      ExpressionAttributeValues: { ':date': date },
    }),
  );
}

/**
 * Six weekly routine inspections and a post-storm one, certified, with findings carried over, and
 * today's routine inspection begun.
 */
async function season(ctx: Ctx): Promise<void> {
  const day = (offset: number) => addDays(ctx.today, offset);
  const compliance = ctx.project.inspection_compliance_required && ctx.version.has_compliance_cert;
  let carried: FindingRecord | null = null;
  for (let week = 6; week >= 1; week--) {
    const date = day(-7 * week);
    const inspection = await inspect(ctx, date, 'Routine', { complete: true, variant: week });
    if (week === 6) {
      const ca = await raise(
        ctx,
        inspection,
        'CA',
        'North entrance: sediment tracked onto the road',
        date,
        'Track-out along 30 m of the public road.',
      );
      await photograph(ctx, ca, date);
      const mi = await raise(
        ctx,
        inspection,
        'MI',
        'Inlet 2: filter bag half full',
        date,
        'Empty and replace the filter bag.',
      );
      await complete(ctx, mi.id, day(-7 * week + 3));
      // Completed after 9 days: late (spec 002 §9).
      await complete(ctx, ca.id, day(-7 * week + 9));
    }
    if (week === 4) {
      carried = await raise(
        ctx,
        inspection,
        'MI',
        'East swale: check dam needs rock',
        date,
        'Add rock to the second check dam.',
      );
      await photograph(ctx, carried, date, 1);
    }
    // Certified the same day, except week 5's, two days late; week 6's compliance waited for its CA.
    const certified = week === 5 ? day(-7 * week + 2) : date;
    await sign(ctx, inspection.id, 'inspection', certified);
    if (ctx.version.has_acknowledgement && ctx.version.signature_groups.acknowledgement?.length)
      await sign(ctx, inspection.id, 'acknowledgement', certified);
    if (compliance) await sign(ctx, inspection.id, 'compliance', week === 6 ? day(-7 * week + 9) : certified);
    if (week === 3) {
      const storm = await inspect(ctx, day(-7 * week + 3), 'Post Storm', { complete: true, variant: 7 });
      await sign(ctx, storm.id, 'inspection', day(-7 * week + 3));
      if (compliance) await sign(ctx, storm.id, 'compliance', day(-7 * week + 3));
    }
  }
  // Today's routine inspection, begun and open (the carried finding in it): the demo's site map is
  // drawn on in it (issue 21, local/src/seed/map-features.ts). Starting it moved the next date on.
  await inspect(ctx, ctx.today, 'Routine', { complete: false, variant: 1 });
  await setNextDate(ctx, addDays(ctx.today, ctx.project.routine_interval));
  void carried;
}

/** An inspection begun two days ago, not complete, with an open CA and photos. */
async function begun(ctx: Ctx): Promise<void> {
  const date = addDays(ctx.today, -2);
  const inspection = await inspect(ctx, date, 'Routine', { complete: false, variant: 1 });
  const ca = await raise(
    ctx,
    inspection,
    'CA',
    'South stockpile: no cover or perimeter control',
    date,
    'Cover the stockpile and add a silt sock at its toe.',
  );
  await photograph(ctx, ca, date);
  await setNextDate(ctx, addDays(ctx.today, 5));
}

/** Two certified inspections waiting for compliance (the bulk 'Certify N Inspection(s)'). */
async function awaitingCompliance(ctx: Ctx): Promise<void> {
  for (const offset of [-14, -7]) {
    const date = addDays(ctx.today, offset);
    const inspection = await inspect(ctx, date, 'Routine', {
      complete: true,
      variant: offset === -14 ? 2 : 3,
    });
    await sign(ctx, inspection.id, 'inspection', date);
    if (ctx.version.has_acknowledgement && ctx.version.signature_groups.acknowledgement?.length)
      await sign(ctx, inspection.id, 'acknowledgement', date);
  }
  await setNextDate(ctx, addDays(ctx.today, 3));
}

export async function seedInspections(db: Db, users: readonly SeedUser[], now: Date): Promise<void> {
  const deps = { db, now: () => now } as unknown as Deps;
  for (const divisionId of ['north-region', 'south-region']) {
    const inspector = users.find((u) => u.roleId === 'inspector' && u.divisionIds.includes(divisionId));
    if (!inspector) continue;
    await setSignatureAuthorization(db, inspector.id, true);
    const caller = callerOf(inspector);
    const client = users.find((u) => u.roleId === 'client-user' && u.divisionIds.includes(divisionId));
    if (client) await setSignatureAuthorization(db, client.id, true);
    const acknowledger = client ? callerOf(client) : null;
    const plans = [season, begun, awaitingCompliance];
    for (const [i, project] of (await projectsOf(db, divisionId)).entries()) {
      if (!project.inspection_template_id || !plans[i]) continue;
      const version = await getTemplateVersion(db, divisionId, project.inspection_template_id);
      const ctx = {
        db,
        deps,
        caller,
        acknowledger,
        project,
        version,
        today: localDate(project.timezone, now),
      };
      // The third plan needs a project whose inspections wait for compliance.
      if (
        plans[i] === awaitingCompliance &&
        !(project.inspection_compliance_required && version.has_compliance_cert)
      )
        continue;
      await plans[i](ctx);
    }
  }
}
