// Learning: the member's courses, a course's sections and lectures, enrolment, the lecture view call
// (completion exactly once, minutes added, parallel calls), the resume position and the subscription lock.
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { lmsCourses, lmsLectureProgress, lmsLectures, lmsSections, products, sessions, tenantModules, tenants, users } from '../../server/db/schema';
import { hashToken } from '../../server/security/tokens';
import { enrolOnPurchase } from '../../server/modules/learning/service';
import { courseFileSigner, signCourseFile } from '../../server/modules/learning/file-links';
import { courseFileAllowed } from '../../server/modules/learning/media';
import { readConfig } from '../../server/config';
import { createPortalServer } from '../../server/app';
import { startServer } from './harness';
import { graphqlAs } from './requests';
import { newMember } from './members';

let server: Awaited<ReturnType<typeof startServer>>;
const uuids: Record<'demo' | 'acme' | 'sso', string> = { demo: '', acme: '', sso: '' };
let demoToken: string;
let acmeToken: string;

/** A session made in the database for a member of a tenant. */
async function sessionFor(email: string, source: keyof typeof uuids = 'demo') {
  const [tenant] = await server.db.select().from(tenants).where(eq(tenants.uuid, uuids[source]));
  const [member] = await server.db.select().from(users).where(and(eq(users.email, email), eq(users.tenantId, tenant!.id)));
  const token = `learning-${member!.id}-${Math.random()}`;
  await server.db.insert(sessions).values({ userId: member!.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3_600_000) });
  return token;
}

/** Each tenant is asked through its own host (sessions and whitelabel_uuid are bound to it). */
const hosts: Record<keyof typeof uuids, string> = { demo: 'localhost', acme: 'acme.localhost', sso: 'sso.localhost' };
function gqlAt(wl: string) {
  const source = (Object.keys(uuids) as (keyof typeof uuids)[]).find((key) => uuids[key] === wl) ?? 'demo';
  return source === 'demo' ? server.gql : graphqlAs(server.db, { host: hosts[source], origin: `http://${hosts[source]}` });
}

const courseFields = `id uuid name image { url } bg_color status excerpt description lectures_number
  course_stats { lectures_views lectures_started } downloads { name download_link } requires_subscription next_lecture_id`;
const myCourses = (token: string, wl = uuids.demo) =>
  gqlAt(wl)(`query ($wl: ID!) { moduleLmsMyCourses(whitelabel_uuid: $wl) { ${courseFields} } }`, { wl }, token);
const course = (token: string, id: string, wl = uuids.demo) =>
  gqlAt(wl)(`query ($wl: ID!, $id: ID!) { moduleLmsCourse(whitelabel_uuid: $wl, course_id: $id) { ${courseFields} } }`, { wl, id }, token);
const lecture = (token: string, courseId: string, lectureId: string, wl = uuids.demo) =>
  gqlAt(wl)(
    `query ($wl: ID!, $c: ID!, $l: ID!) { moduleLmsCourseLecture(whitelabel_uuid: $wl, course_id: $c, lecture_id: $l) {
      id name type excerpt section { id name sort_order } video_type video_link description resume_seconds } }`,
    { wl, c: courseId, l: lectureId },
    token,
  );
const updateStats = (token: string, courseUuid: string, lectureId: string, minutes: number, remove?: boolean) =>
  server.gql(
    `mutation ($wl: ID!, $c: ID!, $l: ID!, $m: Int!, $r: Boolean) {
      moduleLmsCourseUpdateStats(whitelabel_uuid: $wl, course_uuid: $c, lecture_id: $l, minutes_viewed: $m, remove: $r) { status } }`,
    { wl: uuids.demo, c: courseUuid, l: lectureId, m: minutes, r: remove },
    token,
  );
const savePosition = (token: string, courseUuid: string, lectureId: string, seconds: number) =>
  server.gql(
    `mutation ($wl: ID!, $c: ID!, $l: ID!, $s: Int!) {
      moduleLmsCourseSavePosition(whitelabel_uuid: $wl, course_uuid: $c, lecture_id: $l, seconds: $s) { status } }`,
    { wl: uuids.demo, c: courseUuid, l: lectureId, s: seconds },
    token,
  );

/** The demo member's "Portal basics" on the Demo Portal, with its lectures in order. */
let basics: { id: string; uuid: string; lectures: string[] };

beforeAll(async () => {
  server = await startServer();
  for (const source of ['demo', 'acme', 'sso'] as const) {
    const host = source === 'demo' ? 'localhost' : source;
    const atHost = graphqlAs(server.db, { host: hosts[source] });
    uuids[source] = (await atHost(`query ($s: String!) { whiteLabel(source: $s) { uuid } }`, { s: host })).data.whiteLabel.uuid;
  }
  demoToken = await sessionFor('demo@example.com');
  acmeToken = await sessionFor('demo@example.com', 'acme');
  const mine = (await myCourses(demoToken)).data.moduleLmsMyCourses;
  const found = mine.find((entry: { name: string }) => entry.name === 'Portal basics');
  const lectures = (
    await server.gql(`query ($wl: ID!, $c: ID!) { moduleLmsCourseLectures(whitelabel_uuid: $wl, course_id: $c) { id } }`, { wl: uuids.demo, c: found.id }, demoToken)
  ).data.moduleLmsCourseLectures.map((entry: { id: string }) => entry.id);
  basics = { id: found.id, uuid: found.uuid, lectures };
});
afterAll(async () => {
  await new Promise((resolve) => http?.close(resolve));
  await server?.close();
});

let http: ReturnType<typeof createPortalServer> | undefined;
/** A GET of the portal's HTTP server with the path exactly as written (no URL normalising) at a tenant's host. */
async function get(path: string, host = 'localhost'): Promise<{ status: number; body: Buffer; cacheControl?: string }> {
  if (!http) {
    http = createPortalServer(server.db, { ...readConfig({}), staticDir: undefined });
    await new Promise<void>((resolve) => http!.listen(0, '127.0.0.1', resolve));
  }
  const port = (http.address() as AddressInfo).port;
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, path, headers: { host: `${host}:${port}` } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks), cacheControl: response.headers['cache-control'] }),
      );
    });
    request.on('error', reject);
    request.end();
  });
}

describe('my courses', () => {
  it('lists the courses the member is enrolled in, with progress and where Continue leads', async () => {
    const answer = await myCourses(demoToken);
    expect(answer.errors).toBeUndefined();
    const [first, club] = answer.data.moduleLmsMyCourses;
    expect(first).toMatchObject({
      name: 'Portal basics',
      image: { url: '/media/course-images/basics.svg' },
      lectures_number: 5,
      course_stats: { lectures_views: 0, lectures_started: [] },
      requires_subscription: false,
      next_lecture_id: basics.lectures[0],
    });
    expect(first.downloads).toEqual([
      { name: 'Course workbook (PDF)', download_link: expect.stringMatching(/^\/media\/courses\/workbook\.pdf\?course=\d+&session=\d+&expires=\d+&sig=/) },
      { name: 'Checklist (text)', download_link: expect.stringMatching(/^\/media\/courses\/checklist\.txt\?course=\d+&session=\d+&expires=\d+&sig=/) },
    ]);
    expect(club).toMatchObject({ name: "Members' club: market notes", requires_subscription: true, image: null, bg_color: '#f3e3c3' });
  });

  it('gives each tenant its own courses, and nothing to a member enrolled in none', async () => {
    const acme = (await myCourses(acmeToken, uuids.acme)).data.moduleLmsMyCourses;
    expect(acme.map((entry: { name: string }) => entry.name)).toEqual(['Portal basics']);
    expect(acme[0].id).not.toBe(basics.id);
    const twofa = await sessionFor('twofa@example.com');
    expect((await myCourses(twofa)).data.moduleLmsMyCourses).toEqual([]);
  });

  it('refuses a visitor, another tenant and a tenant without the lms module', async () => {
    expect((await myCourses('')).errors?.[0]?.extensions?.category).toBe('authentication');
    // Another tenant's uuid through this host, and this member's session on the other tenant's host.
    const otherTenant = `query ($wl: ID!) { moduleLmsMyCourses(whitelabel_uuid: $wl) { id } }`;
    expect((await server.gql(otherTenant, { wl: uuids.acme }, demoToken)).errors?.[0]?.extensions?.category).toBe('forbidden');
    expect((await myCourses(demoToken, uuids.acme)).errors?.[0]?.extensions?.category).toBe('authentication');
    const ssoToken = await sessionFor('demo@example.com', 'sso');
    const [sso] = await server.db.select().from(tenants).where(eq(tenants.uuid, uuids.sso));
    await server.db.delete(tenantModules).where(and(eq(tenantModules.tenantId, sso!.id), eq(tenantModules.module, 'lms')));
    expect((await myCourses(ssoToken, uuids.sso)).errors?.[0]?.extensions?.category).toBe('not_found');
  });
});

describe('a course', () => {
  it('is read only by enrolled members of its tenant', async () => {
    expect((await course(demoToken, basics.id)).data.moduleLmsCourse.name).toBe('Portal basics');
    const twofa = await sessionFor('twofa@example.com');
    expect((await course(twofa, basics.id)).errors?.[0]).toMatchObject({ message: 'You are not enrolled in this course.', extensions: { category: 'forbidden' } });
    const acmeCourse = (await myCourses(acmeToken, uuids.acme)).data.moduleLmsMyCourses[0].id;
    expect((await course(demoToken, acmeCourse)).errors?.[0]?.extensions?.category).toBe('not_found');
    expect((await course(demoToken, 'abc')).errors?.[0]?.extensions?.category).toBe('validation');
  });

  it('has sections by sort_order and lectures by numeric id, each with its section', async () => {
    const sections = await server.gql(
      `query ($wl: ID!, $c: ID!) { moduleLmsCourseSections(whitelabel_uuid: $wl, course_id: $c) { name sort_order } }`,
      { wl: uuids.demo, c: basics.id },
      demoToken,
    );
    expect(sections.data.moduleLmsCourseSections).toEqual([
      { name: 'Getting started', sort_order: 1 },
      { name: 'Going further', sort_order: 2 },
    ]);
    const lectures = (
      await server.gql(
        `query ($wl: ID!, $c: ID!) { moduleLmsCourseLectures(whitelabel_uuid: $wl, course_id: $c) { id name type video_type section { name } } }`,
        { wl: uuids.demo, c: basics.id },
        demoToken,
      )
    ).data.moduleLmsCourseLectures;
    expect(lectures.map((entry: { id: string }) => Number(entry.id))).toEqual([...lectures.map((entry: { id: string }) => Number(entry.id))].sort((a, b) => a - b));
    expect(lectures.map((entry: { video_type: string; type: string }) => `${entry.type}:${entry.video_type}`)).toEqual([
      'video:',
      'video:youtube',
      'video:vimeo',
      'text:',
      'video:',
    ]);
    expect(lectures.map((entry: { section: { name: string } }) => entry.section.name)).toEqual([
      'Getting started',
      'Getting started',
      'Going further',
      'Going further',
      'Going further',
    ]);
    const second = lectures[2].section;
    const inSection = await server.gql(
      `query ($wl: ID!, $c: ID!, $s: ID) { moduleLmsCourseLectures(whitelabel_uuid: $wl, course_id: $c, section_id: $s) { name } }`,
      { wl: uuids.demo, c: basics.id, s: (await lecture(demoToken, basics.id, basics.lectures[2]!)).data.moduleLmsCourseLecture.section.id },
      demoToken,
    );
    expect(second.name).toBe('Going further');
    expect(inSection.data.moduleLmsCourseLectures.map((entry: { name: string }) => entry.name)).toEqual(['Reading the dashboard', 'Your first plan', 'Wrap-up']);
  });

  it('leads Continue by the lectures\' numeric ids across sections, whatever order the sections are shown in', async () => {
    const sections = await server.db.select().from(lmsSections).where(eq(lmsSections.courseId, Number(basics.id)));
    const sortOrder = (name: string, order: number) =>
      server.db.update(lmsSections).set({ sortOrder: order }).where(and(eq(lmsSections.courseId, Number(basics.id)), eq(lmsSections.name, name)));
    expect(sections).toHaveLength(2);
    // "Going further" (the later lectures) shown first.
    await sortOrder('Going further', 0);
    try {
      expect((await course(demoToken, basics.id)).data.moduleLmsCourse.next_lecture_id).toBe(basics.lectures[0]);
    } finally {
      await sortOrder('Going further', 2);
    }
  });

  it('answers a lecture with its video and rich text, and not_found for a lecture of no course of its', async () => {
    const first = (await lecture(demoToken, basics.id, basics.lectures[0]!)).data.moduleLmsCourseLecture;
    expect(first).toMatchObject({ name: 'Welcome', video_type: '', video_link: expect.stringMatching(/^\/media\/courses\/intro\.webm\?/), resume_seconds: 0 });
    expect(first.description).toContain('<p>');
    expect((await lecture(demoToken, basics.id, '999999')).errors?.[0]?.extensions?.category).toBe('not_found');
    const acmeCourse = (await myCourses(acmeToken, uuids.acme)).data.moduleLmsMyCourses[0];
    expect((await lecture(demoToken, basics.id, acmeCourse.next_lecture_id)).errors?.[0]?.extensions?.category).toBe('not_found');
  });
});

describe('the lecture view call', () => {
  const completedAt = async (lectureId: string) => {
    const [row] = await server.db.select().from(lmsLectureProgress).where(eq(lmsLectureProgress.lectureId, Number(lectureId)));
    return row;
  };
  const stats = async () => (await course(demoToken, basics.id)).data.moduleLmsCourse;
  /** The server's clock as the lecture's viewing sees it moves on: viewing was last counted that much earlier. */
  const minutesPass = (lectureId: string, minutes: number) =>
    server.db
      .update(lmsLectureProgress)
      .set({ viewedUntil: sql`${lmsLectureProgress.viewedUntil} - ${minutes * 60}::int * interval '1 second'` })
      .where(eq(lmsLectureProgress.lectureId, Number(lectureId)));

  it('completes once however often it is checked, unchecks with remove true, and moves Continue on', async () => {
    const [first, second] = basics.lectures as [string, string];
    expect((await updateStats(demoToken, basics.uuid, first, 0, false)).data.moduleLmsCourseUpdateStats.status).toBe('success');
    const once = (await completedAt(first))!.completedAt;
    await updateStats(demoToken, basics.uuid, first, 0, false);
    await updateStats(demoToken, basics.uuid, first, 0);
    expect((await completedAt(first))!.completedAt).toEqual(once);
    expect(await stats()).toMatchObject({ course_stats: { lectures_views: 1, lectures_started: [first] }, next_lecture_id: second });
    await updateStats(demoToken, basics.uuid, first, 0, true);
    expect(await stats()).toMatchObject({ course_stats: { lectures_views: 0, lectures_started: [] }, next_lecture_id: first });
  });

  it('adds minutes of viewing without touching completion', async () => {
    const lectureId = basics.lectures[1]!;
    for (let minute = 0; minute < 3; minute++) {
      await updateStats(demoToken, basics.uuid, lectureId, 1);
      await minutesPass(lectureId, 1);
    }
    expect(await completedAt(lectureId)).toMatchObject({ minutesViewed: 3, completedAt: null });
    await updateStats(demoToken, basics.uuid, lectureId, 0, false);
    await updateStats(demoToken, basics.uuid, lectureId, 1);
    expect(await completedAt(lectureId)).toMatchObject({ minutesViewed: 4, completedAt: expect.any(Date) });
    await updateStats(demoToken, basics.uuid, lectureId, 0, true);
  });

  it('completes exactly once, and counts the minute that passed once, under 20 parallel calls each', async () => {
    const lectureId = basics.lectures[2]!;
    const completions = await Promise.all(Array.from({ length: 20 }, () => updateStats(demoToken, basics.uuid, lectureId, 0, false)));
    expect(completions.every((answer) => answer.data?.moduleLmsCourseUpdateStats.status === 'success')).toBe(true);
    const reports = await Promise.all(Array.from({ length: 20 }, () => updateStats(demoToken, basics.uuid, lectureId, 1)));
    expect(reports.every((answer) => answer.data?.moduleLmsCourseUpdateStats.status === 'success')).toBe(true);
    const rows = await server.db.select().from(lmsLectureProgress).where(eq(lmsLectureProgress.lectureId, Number(lectureId)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ minutesViewed: 1, completedAt: expect.any(Date) });
    expect((await stats()).course_stats.lectures_views).toBe(1);
    await updateStats(demoToken, basics.uuid, lectureId, 0, true);
  });

  it('counts at most the minutes that really passed since the last report (server clock), however many are reported', async () => {
    const lectureId = basics.lectures[3]!;
    // A flood of hour-long reports at once: the first counts one minute, the rest nothing.
    for (let report = 0; report < 30; report++) await updateStats(demoToken, basics.uuid, lectureId, 60);
    expect((await completedAt(lectureId))!.minutesViewed).toBe(1);
    // Three minutes later an hour is reported: three count.
    await minutesPass(lectureId, 3);
    await updateStats(demoToken, basics.uuid, lectureId, 60);
    expect((await completedAt(lectureId))!.minutesViewed).toBe(4);
    // A report a little early (timers drift) still counts its minute; a report of fewer minutes than passed, those.
    await minutesPass(lectureId, 58 / 60);
    await updateStats(demoToken, basics.uuid, lectureId, 1);
    expect((await completedAt(lectureId))!.minutesViewed).toBe(5);
    await minutesPass(lectureId, 10);
    await updateStats(demoToken, basics.uuid, lectureId, 2);
    expect((await completedAt(lectureId))!.minutesViewed).toBe(7);
    // Time nobody reported is not saved up: right after, nothing more counts.
    await updateStats(demoToken, basics.uuid, lectureId, 60);
    expect((await completedAt(lectureId))!.minutesViewed).toBe(7);
  });

  it('refuses bad input as validation and a course the member is not enrolled in', async () => {
    expect((await updateStats(demoToken, basics.uuid, basics.lectures[0]!, -1)).errors?.[0]?.extensions?.category).toBe('validation');
    expect((await updateStats(demoToken, 'not-a-uuid', basics.lectures[0]!, 1)).errors?.[0]?.extensions?.category).toBe('validation');
    const twofa = await sessionFor('twofa@example.com');
    expect((await updateStats(twofa, basics.uuid, basics.lectures[0]!, 0, false)).errors?.[0]?.extensions?.category).toBe('forbidden');
  });

  it('says the course is done when every lecture is, and Continue then starts again at the first', async () => {
    for (const lectureId of basics.lectures) await updateStats(demoToken, basics.uuid, lectureId, 0, false);
    expect(await stats()).toMatchObject({ course_stats: { lectures_views: 5 }, next_lecture_id: basics.lectures[0] });
    for (const lectureId of basics.lectures) await updateStats(demoToken, basics.uuid, lectureId, 0, true);
  });
});

describe('resume', () => {
  it('keeps where the member stopped, for every session of the member', async () => {
    const lectureId = basics.lectures[0]!;
    expect((await savePosition(demoToken, basics.uuid, lectureId, 42)).data.moduleLmsCourseSavePosition.status).toBe('success');
    const otherDevice = await sessionFor('demo@example.com');
    expect((await lecture(otherDevice, basics.id, lectureId)).data.moduleLmsCourseLecture.resume_seconds).toBe(42);
    await savePosition(otherDevice, basics.uuid, lectureId, 0);
    expect((await lecture(demoToken, basics.id, lectureId)).data.moduleLmsCourseLecture.resume_seconds).toBe(0);
    expect((await savePosition(demoToken, basics.uuid, lectureId, -5)).errors?.[0]?.extensions?.category).toBe('validation');
  });
});

describe('a course that comes with the subscription', () => {
  it('is locked while the subscription is enabled and not active, and opens when it is active', async () => {
    const club = (await myCourses(demoToken)).data.moduleLmsMyCourses[1];
    const clubLecture = club.next_lecture_id as string;
    expect(club.downloads).toEqual([]);
    const locked = (await lecture(demoToken, club.id, clubLecture)).data.moduleLmsCourseLecture;
    expect(locked).toMatchObject({ name: 'Market notes in video', video_link: null, description: null });
    expect((await updateStats(demoToken, club.uuid, clubLecture, 0, false)).errors?.[0]?.extensions?.category).toBe('forbidden');

    await server.db.update(tenants).set({ subscriptionActive: true }).where(eq(tenants.uuid, uuids.demo));
    try {
      const open = (await lecture(demoToken, club.id, clubLecture)).data.moduleLmsCourseLecture;
      expect(open.video_link).toMatch(/^\/media\/courses\/intro\.webm\?/);
      expect((await course(demoToken, club.id)).data.moduleLmsCourse.downloads).toHaveLength(1);
      expect((await updateStats(demoToken, club.uuid, clubLecture, 0, false)).data.moduleLmsCourseUpdateStats.status).toBe('success');
    } finally {
      await server.db.update(tenants).set({ subscriptionActive: false }).where(eq(tenants.uuid, uuids.demo));
    }
  });
});

describe('enrolment by purchase', () => {
  it('enrols the buyer of the course\'s product once, in that tenant only', async () => {
    const product = '5b0d7c1e-3a52-4c8e-9f21-6d0e2a4b7c90';
    await server.db.update(lmsCourses).set({ productUuid: product }).where(eq(lmsCourses.uuid, basics.uuid));
    const [buyer] = await server.db.select().from(users).where(eq(users.email, 'twofa@example.com'));
    expect(await enrolOnPurchase(server.db, buyer!, product)).toBe(1);
    expect(await enrolOnPurchase(server.db, buyer!, product)).toBe(0);
    const twofa = await sessionFor('twofa@example.com');
    expect((await myCourses(twofa)).data.moduleLmsMyCourses.map((entry: { name: string }) => entry.name)).toEqual(['Portal basics']);
    const [acmeMember] = await server.db.select().from(users).where(eq(users.refid, 'acme-demo'));
    expect(await enrolOnPurchase(server.db, acmeMember!, product)).toBe(0);
  });
});

describe('the demo course products', () => {
  it('each sell a course of their own with lessons, and paying one from the balance enrols the buyer in it', async () => {
    const [demoTenant] = await server.db.select().from(tenants).where(eq(tenants.uuid, uuids.demo));
    const sold: Record<string, { productId: number; course: string }> = {};
    for (const name of ['Trading Basics Course', 'Advanced Strategies Course']) {
      const [product] = await server.db.select().from(products).where(and(eq(products.tenantId, demoTenant!.id), eq(products.name, name)));
      const linked = await server.db.select().from(lmsCourses).where(eq(lmsCourses.productUuid, product!.uuid));
      expect(linked, name).toHaveLength(1);
      expect((await server.db.select().from(lmsLectures).where(eq(lmsLectures.courseId, linked[0]!.id))).length, name).toBeGreaterThan(1);
      sold[name] = { productId: product!.id, course: linked[0]!.name };
    }
    expect(sold['Trading Basics Course']!.course).not.toBe(sold['Advanced Strategies Course']!.course);

    const { token } = await newMember(server.db, { tenantId: demoTenant!.id, prefix: 'course-buyer', usdt: '100' });
    const basicsProduct = sold['Trading Basics Course']!;
    const added = await server.gql(
      `mutation ($w: ID!, $p: ID!, $i: AddToCartInput!) { moduleProductsAddToShoppingCart(whitelabel_uuid: $w, product_id: $p, input: $i) { status } }`,
      { w: uuids.demo, p: String(basicsProduct.productId), i: { qty: 1, billing_cycle: 'onetime' } },
      token,
    );
    expect(added.errors).toBeUndefined();
    const orderId = (await server.gql(`query ($w: ID!) { moduleProductsShopingCart(whitelabel_uuid: $w) { id } }`, { w: uuids.demo }, token)).data
      .moduleProductsShopingCart.id;
    const invoice = (await server.gql(`mutation ($o: ID!) { moduleProductsCreateInvoice(order_id: $o) { id } }`, { o: orderId }, token)).data
      .moduleProductsCreateInvoice[0];
    expect((await myCourses(token)).data.moduleLmsMyCourses).toEqual([]);
    const paid = await server.gql(`mutation ($id: ID!) { payFromBalance(invoice_id: $id) { status } }`, { id: invoice.id }, token);
    expect(paid.errors).toBeUndefined();
    const mine = (await myCourses(token)).data.moduleLmsMyCourses;
    expect(mine.map((entry: { name: string }) => entry.name)).toEqual([basicsProduct.course]);
    // The course names the product that sold it, so the thank-you page can lead the buyer there.
    const withProduct = await server.gql(`query ($wl: ID!) { moduleLmsMyCourses(whitelabel_uuid: $wl) { product_id } }`, { wl: uuids.demo }, token);
    expect(withProduct.data.moduleLmsMyCourses).toEqual([{ product_id: String(basicsProduct.productId) }]);
  });
});

describe('course files', () => {
  const lectureLink = async (token: string, courseId: string, lectureId: string) =>
    (await lecture(token, courseId, lectureId)).data.moduleLmsCourseLecture.video_link as string;

  it('answer nobody without a link the server signed, whatever the path looks like; the course image stays public', async () => {
    for (const path of [
      '/media/courses/intro.webm',
      '/media/courses/workbook.pdf',
      '/media/courses/checklist.txt',
      '/media/products/../courses/workbook.pdf',
      '/media/courses/./workbook.pdf',
      '/media/%63ourses/workbook.pdf',
      '/media/courses%2Fworkbook.pdf',
    ]) {
      expect((await get(path)).status, path).toBe(403);
    }
    expect((await get('/media/course-images/basics.svg')).status).toBe(200);
  });

  it('serve a lesson video and a download through the links the member was answered, privately, on that tenant only', async () => {
    const video = await lectureLink(demoToken, basics.id, basics.lectures[0]!);
    const answer = await get(video);
    expect(answer.status).toBe(200);
    expect(answer.body.subarray(0, 4).toString('hex')).toBe('1a45dfa3'); // WebM (EBML) header
    expect(answer.cacheControl).toMatch(/^private/);
    const download = (await course(demoToken, basics.id)).data.moduleLmsCourse.downloads[0].download_link as string;
    expect((await get(download)).status).toBe(200);
    // Another tenant's host, another file with the same signature, or a changed signature: refused.
    expect((await get(video, 'acme.localhost')).status).toBe(403);
    expect((await get(video.replace('intro.webm', 'checklist.txt'))).status).toBe(403);
    expect((await get(video.replace(/sig=[^&]+/, 'sig=AAAA'))).status).toBe(403);
    const twofa = await sessionFor('twofa@example.com');
    const [other] = await server.db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(twofa)));
    expect((await get(video.replace(/session=\d+/, `session=${other!.id}`))).status).toBe(403);
  });

  it('refuse a link once it has run out or once its session has ended', async () => {
    const token = await sessionFor('demo@example.com');
    const video = await lectureLink(token, basics.id, basics.lectures[0]!);
    const url = new URL(video, 'http://localhost');
    expect((await get(video)).status).toBe(200);
    const later = new Date((Number(url.searchParams.get('expires')) + 1) * 1000);
    expect(await courseFileAllowed(server.db, url.pathname, url.searchParams, 'localhost', later)).toBe(false);
    expect(await courseFileAllowed(server.db, url.pathname, url.searchParams, 'localhost')).toBe(true);
    await server.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.tokenHash, hashToken(token)));
    expect((await get(video)).status).toBe(403);
  });

  it('of a locked course are locked too, and open with the course', async () => {
    const club = (await myCourses(demoToken)).data.moduleLmsMyCourses[1];
    expect(club.requires_subscription).toBe(true);
    // A link the server would sign for the club's clip (it answers none while the course is locked).
    const [session] = await server.db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(demoToken)));
    const link = signCourseFile(await courseFileSigner(server.db, session!.id), Number(club.id), '/media/courses/intro.webm')!;
    expect((await get(link)).status).toBe(403);
    await server.db.update(tenants).set({ subscriptionActive: true }).where(eq(tenants.uuid, uuids.demo));
    try {
      expect((await get(link)).status).toBe(200);
      const lectures = (
        await server.gql(`query ($wl: ID!, $c: ID!) { moduleLmsCourseLectures(whitelabel_uuid: $wl, course_id: $c) { video_link } }`, { wl: uuids.demo, c: club.id }, demoToken)
      ).data.moduleLmsCourseLectures;
      const answered = lectures.find((entry: { video_link: string | null }) => entry.video_link).video_link;
      expect((await get(answered)).status).toBe(200);
    } finally {
      await server.db.update(tenants).set({ subscriptionActive: false }).where(eq(tenants.uuid, uuids.demo));
    }
  });
});
