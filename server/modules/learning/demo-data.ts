// Demo courses (written once with the rest of the demo data, server/db/seed.ts). "Portal basics" has two
// sections and five lectures: a local clip, a YouTube video, a Vimeo video, a text-only lecture and the
// clip again, with two downloads, all served from /media/courses (only to members the course is open to,
// media.ts; its image is public, in /media/course-images); every demo member is enrolled (a grant).
// On the Demo Portal the demo member also has "Members' club", which comes with the platform subscription
// (locked there, since the Demo Portal's subscription is enabled and not active). The Demo Portal's course
// products ("Trading Basics Course", "Advanced Strategies Course") each sell a course of their own
// (seedSoldCourses, after the shop's demo data): buying one enrols the buyer.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { products } from '../shop/tables';
import { lmsCourses, lmsDownloads, lmsEnrolments, lmsLectures, lmsSections } from './tables';

/** The local clip (WebM, VP9, 6 s) every lecture of type file plays in the demo. */
export const demoClip = '/media/courses/intro.webm';

const welcome = `<p>Welcome! This short course shows how the portal works, one lesson at a time.</p>
<ul><li>Each lesson has a video or a text.</li><li>Tick <strong>Completed</strong> when you are done, or simply watch to the end.</li></ul>
<p>Your progress is kept on the server, so you can continue on another device where you stopped.</p>`;

const tour = `<p>A tour of the portal in video. The video comes from YouTube; when it cannot load (offline, blocked)
the lesson says so and you can still mark it completed.</p>`;

const dashboard = `<p>The dashboard sums up your <em>balance</em>, your plan and your latest activity.</p>
<p>This video is hosted on <a href="https://vimeo.com" target="_blank">Vimeo</a>.</p>`;

const firstPlan = `<h3>Choosing your first plan</h3>
<p>This lesson has no video. Read it, then tick <strong>Completed</strong>.</p>
<ol><li>Compare the plans on the Tariffs page.</li><li>Start small: you can upgrade at any time.</li><li>Keep the workbook (see Downloads) at hand.</li></ol>`;

const wrapUp = `<p>That is the whole course. Watch the clip once more, then download the checklist.</p>`;

const about = `<p><strong>Portal basics</strong> takes about fifteen minutes. It covers the dashboard, plans and where to find help.</p>
<p>Two downloads come with it: a workbook and a checklist.</p>`;

const clubAbout = `<p>Weekly market notes for members with an active subscription.</p>`;

/** One demo course for a tenant: its sections, lectures and downloads; returns its id. */
async function basicsCourse(db: Db, tenantId: number): Promise<number> {
  const [course] = await db
    .insert(lmsCourses)
    .values({
      tenantId,
      name: 'Portal basics',
      excerpt: 'A short first course: the dashboard, plans and where to find help.',
      description: about,
      imageUrl: '/media/course-images/basics.svg',
      bgColor: '#dbe7f7',
    })
    .returning();
  const [start, further] = await db
    .insert(lmsSections)
    .values([
      { courseId: course!.id, name: 'Getting started', sortOrder: 1 },
      { courseId: course!.id, name: 'Going further', sortOrder: 2 },
    ])
    .returning();
  await db.insert(lmsLectures).values([
    { courseId: course!.id, sectionId: start!.id, name: 'Welcome', excerpt: 'What this course is about.', videoLink: demoClip, description: welcome },
    {
      courseId: course!.id,
      sectionId: start!.id,
      name: 'A tour in video',
      excerpt: 'The portal, screen by screen.',
      videoType: 'youtube',
      videoLink: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
      description: tour,
    },
    {
      courseId: course!.id,
      sectionId: further!.id,
      name: 'Reading the dashboard',
      excerpt: 'Balance, plan and activity.',
      videoType: 'vimeo',
      videoLink: 'https://vimeo.com/1084537',
      description: dashboard,
    },
    { courseId: course!.id, sectionId: further!.id, name: 'Your first plan', type: 'text', excerpt: 'A lesson to read.', description: firstPlan },
    { courseId: course!.id, sectionId: further!.id, name: 'Wrap-up', excerpt: 'What to do next.', videoLink: demoClip, description: wrapUp },
  ]);
  await db.insert(lmsDownloads).values([
    { courseId: course!.id, name: 'Course workbook (PDF)', downloadLink: '/media/courses/workbook.pdf', sortOrder: 1 },
    { courseId: course!.id, name: 'Checklist (text)', downloadLink: '/media/courses/checklist.txt', sortOrder: 2 },
  ]);
  return course!.id;
}

async function clubCourse(db: Db, tenantId: number): Promise<number> {
  const [course] = await db
    .insert(lmsCourses)
    .values({
      tenantId,
      name: "Members' club: market notes",
      excerpt: 'Weekly notes that come with the platform subscription.',
      description: clubAbout,
      bgColor: '#f3e3c3',
      requiresSubscription: true,
    })
    .returning();
  const [section] = await db.insert(lmsSections).values({ courseId: course!.id, name: 'This week', sortOrder: 1 }).returning();
  await db.insert(lmsLectures).values([
    { courseId: course!.id, sectionId: section!.id, name: 'Market notes in video', videoLink: demoClip, description: '<p>The week in two minutes.</p>' },
    { courseId: course!.id, sectionId: section!.id, name: 'Reading list', type: 'text', description: '<p>Three articles worth your time.</p>' },
  ]);
  await db.insert(lmsDownloads).values({ courseId: course!.id, name: 'Notes (text)', downloadLink: '/media/courses/checklist.txt' });
  return course!.id;
}

/**
 * The demo courses: "Portal basics" on every tenant with the lms module, the demo member of each enrolled
 * (a grant); on the first tenant (the Demo Portal) also the subscription course.
 */
export async function seedDemoCourses(db: Db, members: { tenantId: number; userId: number; withClub?: boolean }[]): Promise<void> {
  for (const { tenantId, userId, withClub } of members) {
    const basics = await basicsCourse(db, tenantId);
    await db.insert(lmsEnrolments).values({ courseId: basics, userId, source: 'grant' });
    if (withClub) {
      const club = await clubCourse(db, tenantId);
      await db.insert(lmsEnrolments).values({ courseId: club, userId, source: 'grant' });
    }
  }
}

/** A course sold as a shop product: sections of lessons (the first of each plays the clip, the rest are texts). */
interface SoldCourse {
  product: string;
  name: string;
  excerpt: string;
  bgColor: string;
  sections: { name: string; lessons: string[] }[];
}

const soldCourses: SoldCourse[] = [
  {
    product: 'Trading Basics Course',
    name: 'Trading Basics',
    excerpt: 'Twelve lessons from order types to risk management.',
    bgColor: '#e7f0fb',
    sections: [
      { name: 'Markets and orders', lessons: ['How a market works', 'Market and limit orders', 'Stop orders', 'Reading a price chart'] },
      { name: 'Your first trades', lessons: ['Choosing a pair', 'Position size', 'Entries and exits', 'Keeping a journal'] },
      { name: 'Risk management', lessons: ['Risk per trade', 'Stop-loss placement', 'Drawdowns', 'Your trading plan'] },
    ],
  },
  {
    product: 'Advanced Strategies Course',
    name: 'Advanced Strategies',
    excerpt: 'Swing, trend and range strategies with worked examples.',
    bgColor: '#e3f6f8',
    sections: [
      { name: 'Swing trading', lessons: ['Swings and pullbacks', 'A swing trade, worked'] },
      { name: 'Trend following', lessons: ['Finding a trend', 'A trend trade, worked'] },
      { name: 'Range trading', lessons: ['Support and resistance', 'A range trade, worked', 'Back-testing a strategy'] },
    ],
  },
];

/** The courses the Demo Portal sells as products, each linked to its product (enrolOnPurchase finds it). */
export async function seedSoldCourses(db: Db, tenantId: number): Promise<void> {
  for (const sold of soldCourses) {
    const [product] = await db
      .select({ uuid: products.uuid })
      .from(products)
      .where(and(eq(products.tenantId, tenantId), eq(products.name, sold.product)));
    if (!product) throw new Error(`The demo product "${sold.product}" is missing`);
    const [course] = await db
      .insert(lmsCourses)
      .values({
        tenantId,
        name: sold.name,
        excerpt: sold.excerpt,
        description: `<p>${sold.excerpt}</p><p>Work through the lessons in order; each takes about ten minutes.</p>`,
        bgColor: sold.bgColor,
        productUuid: product.uuid,
      })
      .returning();
    for (const [index, section] of sold.sections.entries()) {
      const [row] = await db.insert(lmsSections).values({ courseId: course!.id, name: section.name, sortOrder: index + 1 }).returning();
      await db.insert(lmsLectures).values(
        section.lessons.map((name, lesson) =>
          lesson === 0
            ? { courseId: course!.id, sectionId: row!.id, name, excerpt: `${section.name}: the overview.`, videoLink: demoClip, description: `<p>${name}, in a short video.</p>` }
            : { courseId: course!.id, sectionId: row!.id, name, type: 'text', description: `<p>${name}: read this lesson, then tick <strong>Completed</strong>.</p>` },
        ),
      );
    }
    await db.insert(lmsDownloads).values({ courseId: course!.id, name: 'Checklist (text)', downloadLink: '/media/courses/checklist.txt' });
  }
}
