// The demo roadmap (issue 30), on the Demo Portal only: eight items over the three stages and several quarters,
// English texts for each and Ukrainian, Russian and Spanish ones for most (the others fall back to English), short
// HTML descriptions, and votes from seeded members (the demo member voted for the mobile app).
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { quarterOf, type RoadmapStage } from '../../../domain/roadmap';
import { users } from '../account/tables';
import { roadmapItems, roadmapItemTexts, roadmapVotes } from './tables';

const day = 24 * 60 * 60_000;

type Texts = Partial<Record<'en' | 'uk' | 'ru' | 'es', [title: string, description: string]>>;

interface DemoItem {
  key: string;
  stage: RoadmapStage;
  days: number;
  texts: Texts & { en: [string, string] };
  /** Who voted: the demo member and the seeded players by email. */
  voters: string[];
}

const players = ['raffle-player1@example.com', 'raffle-player2@example.com', 'raffle-player3@example.com'];

const demoItems: DemoItem[] = [
  {
    key: 'mobile-app',
    stage: 'planned',
    days: 150,
    texts: {
      en: ['Mobile app', '<p>The portal as an app for <strong>iOS and Android</strong>, with push notifications for payouts and deals.</p>'],
      uk: ['Мобільний застосунок', '<p>Портал як застосунок для <strong>iOS та Android</strong> зі сповіщеннями про виплати та угоди.</p>'],
      ru: ['Мобильное приложение', '<p>Портал как приложение для <strong>iOS и Android</strong> с уведомлениями о выплатах и сделках.</p>'],
      es: ['Aplicación móvil', '<p>El portal como aplicación para <strong>iOS y Android</strong>, con notificaciones de pagos y operaciones.</p>'],
    },
    voters: ['demo@example.com', 'twofa@example.com', ...players],
  },
  {
    key: 'tax-reports',
    stage: 'planned',
    days: 240,
    texts: {
      en: ['Yearly tax reports', '<p>A yearly statement of your income and payouts, ready for your tax return, as <em>PDF</em> and <em>CSV</em>.</p>'],
      uk: ['Річні податкові звіти', '<p>Річна виписка ваших доходів і виплат для податкової декларації у форматах <em>PDF</em> та <em>CSV</em>.</p>'],
      ru: ['Годовые налоговые отчёты', '<p>Годовая выписка ваших доходов и выплат для налоговой декларации в форматах <em>PDF</em> и <em>CSV</em>.</p>'],
      es: ['Informes fiscales anuales', '<p>Un extracto anual de sus ingresos y pagos, listo para su declaración, en <em>PDF</em> y <em>CSV</em>.</p>'],
    },
    voters: [players[0]!],
  },
  {
    key: 'team-chat',
    stage: 'planned',
    days: 300,
    texts: { en: ['Team chat', '<p>Talk to your referrals and your sponsor without leaving the portal.</p>'] },
    voters: [],
  },
  {
    key: 'deal-documents',
    stage: 'in_progress',
    days: 30,
    texts: {
      en: ['Documents for real-estate deals', '<p>Upload and sign a deal\'s documents online:</p><ul><li>passport scans</li><li>the reservation agreement</li></ul>'],
      uk: ['Документи для угод з нерухомістю', '<p>Завантажуйте та підписуйте документи угоди онлайн:</p><ul><li>скани паспорта</li><li>договір бронювання</li></ul>'],
      ru: ['Документы для сделок с недвижимостью', '<p>Загружайте и подписывайте документы сделки онлайн:</p><ul><li>сканы паспорта</li><li>договор бронирования</li></ul>'],
      es: ['Documentos para operaciones inmobiliarias', '<p>Suba y firme los documentos de una operación en línea:</p><ul><li>copias del pasaporte</li><li>el contrato de reserva</li></ul>'],
    },
    voters: ['twofa@example.com', players[1]!],
  },
  {
    key: 'two-factor-keys',
    stage: 'in_progress',
    days: 60,
    texts: { en: ['Security keys for sign-in', '<p>Sign in with a <strong>passkey</strong> or a hardware security key.</p>'] },
    voters: [players[2]!],
  },
  {
    key: 'licenses',
    stage: 'done',
    days: -20,
    texts: {
      en: ['License requests', '<p>Request the licenses of the software you bought and get your key in the portal.</p>'],
      uk: ['Запити на ліцензії', '<p>Запитуйте ліцензії на придбане програмне забезпечення та отримуйте ключ у порталі.</p>'],
      ru: ['Запросы лицензий', '<p>Запрашивайте лицензии на купленное программное обеспечение и получайте ключ в портале.</p>'],
      es: ['Solicitudes de licencias', '<p>Solicite las licencias del software que compró y reciba su clave en el portal.</p>'],
    },
    voters: players,
  },
  {
    key: 'raffles',
    stage: 'done',
    days: -75,
    texts: {
      en: ['Raffles', '<p>Buy tickets from your balance; every draw can be <strong>verified</strong> from its published seed.</p>'],
      es: ['Sorteos', '<p>Compre boletos con su saldo; cada sorteo se puede <strong>verificar</strong> con su semilla publicada.</p>'],
    },
    voters: ['twofa@example.com'],
  },
  {
    key: 'crowdfunding',
    stage: 'done',
    days: -160,
    texts: {
      en: ['Crowdfunding', '<p>Invest in projects with a target and share in their payouts.</p>'],
      uk: ['Краудфандинг', '<p>Інвестуйте в проєкти з ціллю збору та отримуйте частку їхніх виплат.</p>'],
      ru: ['Краудфандинг', '<p>Инвестируйте в проекты с целью сбора и получайте долю их выплат.</p>'],
    },
    voters: [],
  },
];

export async function seedRoadmapDemo(tx: Db, ids: { tenantId: number }, now = Date.now()): Promise<void> {
  const emails = [...new Set(demoItems.flatMap((item) => item.voters))];
  const people = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.tenantId, ids.tenantId), inArray(users.email, emails)));
  const idOf = new Map(people.map((person) => [person.email, person.id]));
  for (const [sort, item] of demoItems.entries()) {
    const date = new Date(now + item.days * day);
    const [row] = await tx
      .insert(roadmapItems)
      .values({ tenantId: ids.tenantId, stage: item.stage, quarter: quarterOf(date), date, sort, createdAt: new Date(now - 200 * day) })
      .returning({ id: roadmapItems.id });
    await tx
      .insert(roadmapItemTexts)
      .values(Object.entries(item.texts).map(([lang, [title, description]]) => ({ itemId: row!.id, lang, title, description })));
    const voters = item.voters.map((email) => idOf.get(email)).filter((id): id is number => id !== undefined);
    if (voters.length) await tx.insert(roadmapVotes).values(voters.map((userId) => ({ itemId: row!.id, userId })));
  }
}
