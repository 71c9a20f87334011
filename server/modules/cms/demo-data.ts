// Demo CMS content (issue "Wallet", CMS pages): the demo tenant's five CMS modules (news, education, documents,
// help, banners; names translated), each with the auth_method its url checks, entries in en, uk, ru and es. One
// news entry carries a script, an onerror handler and a javascript: link: the portal must show its text and
// run none of it (the e2e test checks that window.__cmsScriptRan stays unset and no dialog opens).
import type { Db } from '../../db/client';
import type { CmsLanguage } from '../../../domain/cms';
import { cmsModules } from '../shell/tables';
import { demoCmsNameTranslations } from './demo-names';
import { cmsEntries, cmsEntryTexts } from './tables';

type Texts = Record<CmsLanguage, { title: string; summary: string; body: string }>;

interface DemoEntry {
  daysAgo: number;
  image?: string;
  link?: string;
  texts: Texts;
}

interface DemoModule {
  name: string;
  key: string;
  template: 'news' | 'education' | 'documents' | 'help' | 'banners';
  icon: string;
  authMethod: 'bearer' | 'basic' | 'token' | 'none';
  token: string | null;
  entries: DemoEntry[];
}

/** The markup the portal must neutralise: a script, an event handler and a javascript: link. */
const hostile = `<script>window.__cmsScriptRan = 'script'; alert('script ran')</script><img src="/cms-missing-picture.png" alt="" onerror="window.__cmsScriptRan = 'onerror'; alert('onerror ran')"><a href="javascript:window.__cmsScriptRan='link'">`;

export const demoCmsModules: DemoModule[] = [
  {
    name: 'News',
    key: 'news',
    template: 'news',
    icon: 'news',
    authMethod: 'bearer',
    token: 'demo-news-7f3a9c1e',
    entries: [
      {
        daysAgo: 1,
        image: '/media/products/portfolio-tracker.svg',
        texts: {
          en: {
            title: 'The new member portal is live',
            summary: 'A faster portal with a wallet, withdrawals and your team in one place.',
            body: '<p>The new portal is live for every member.</p><ul><li>Your wallets and their history on one page.</li><li>Withdrawals with saved payout templates.</li><li>Your team by level.</li></ul><p>Questions? Open the Help pages.</p>',
          },
          uk: {
            title: 'Новий кабінет учасника вже працює',
            summary: 'Швидший кабінет: гаманець, виведення коштів і ваша команда в одному місці.',
            body: '<p>Новий кабінет доступний кожному учаснику.</p><ul><li>Ваші гаманці та їхня історія на одній сторінці.</li><li>Виведення коштів зі збереженими шаблонами виплат.</li><li>Ваша команда за рівнями.</li></ul><p>Є питання? Відкрийте розділ «Допомога».</p>',
          },
          ru: {
            title: 'Новый кабинет участника уже работает',
            summary: 'Более быстрый кабинет: кошелёк, вывод средств и ваша команда в одном месте.',
            body: '<p>Новый кабинет доступен каждому участнику.</p><ul><li>Ваши кошельки и их история на одной странице.</li><li>Вывод средств с сохранёнными шаблонами выплат.</li><li>Ваша команда по уровням.</li></ul><p>Есть вопросы? Откройте раздел «Помощь».</p>',
          },
          es: {
            title: 'El nuevo portal de miembros ya está disponible',
            summary: 'Un portal más rápido con tu monedero, los retiros y tu equipo en un solo lugar.',
            body: '<p>El nuevo portal está disponible para todos los miembros.</p><ul><li>Tus monederos y su historial en una sola página.</li><li>Retiros con plantillas de pago guardadas.</li><li>Tu equipo por niveles.</li></ul><p>¿Preguntas? Abre la sección de Ayuda.</p>',
          },
        },
      },
      {
        daysAgo: 3,
        texts: {
          en: {
            title: 'Security notice: this entry carries a script',
            summary: 'The editor pasted markup with a script; the portal shows the text and runs nothing.',
            body: `<p>This entry was written with a script, an event handler and a javascript: link in its HTML.</p>${hostile}A link that must do nothing</a><p>You read this text, and nothing ran.</p>`,
          },
          uk: {
            title: 'Повідомлення про безпеку: цей запис містить скрипт',
            summary: 'Редактор вставив розмітку зі скриптом; кабінет показує текст і нічого не виконує.',
            body: `<p>Цей запис написано зі скриптом, обробником подій і посиланням javascript: у HTML.</p>${hostile}Посилання, яке нічого не робить</a><p>Ви читаєте цей текст, і нічого не виконалося.</p>`,
          },
          ru: {
            title: 'Уведомление о безопасности: в этой записи есть скрипт',
            summary: 'Редактор вставил разметку со скриптом; кабинет показывает текст и ничего не выполняет.',
            body: `<p>Эта запись написана со скриптом, обработчиком событий и ссылкой javascript: в HTML.</p>${hostile}Ссылка, которая ничего не делает</a><p>Вы читаете этот текст, и ничего не выполнилось.</p>`,
          },
          es: {
            title: 'Aviso de seguridad: esta entrada contiene un script',
            summary: 'El editor pegó marcado con un script; el portal muestra el texto y no ejecuta nada.',
            body: `<p>Esta entrada se escribió con un script, un manejador de eventos y un enlace javascript: en su HTML.</p>${hostile}Un enlace que no hace nada</a><p>Estás leyendo este texto y no se ejecutó nada.</p>`,
          },
        },
      },
      {
        daysAgo: 8,
        texts: {
          en: {
            title: 'Weekly market summary',
            summary: 'Volatility eased this week; stablecoin deposits grew.',
            body: '<p>Volatility eased across the major pairs this week, and stablecoin deposits grew by a fifth.</p><p><strong>Remember:</strong> past results do not promise future ones.</p>',
          },
          uk: {
            title: 'Щотижневий огляд ринку',
            summary: 'Цього тижня волатильність знизилася; депозити у стейблкоїнах зросли.',
            body: '<p>Цього тижня волатильність основних пар знизилася, а депозити у стейблкоїнах зросли на п’яту частину.</p><p><strong>Пам’ятайте:</strong> минулі результати не гарантують майбутніх.</p>',
          },
          ru: {
            title: 'Еженедельный обзор рынка',
            summary: 'На этой неделе волатильность снизилась; депозиты в стейблкоинах выросли.',
            body: '<p>На этой неделе волатильность основных пар снизилась, а депозиты в стейблкоинах выросли на пятую часть.</p><p><strong>Помните:</strong> прошлые результаты не гарантируют будущих.</p>',
          },
          es: {
            title: 'Resumen semanal del mercado',
            summary: 'La volatilidad bajó esta semana; los depósitos en stablecoins crecieron.',
            body: '<p>La volatilidad de los pares principales bajó esta semana y los depósitos en stablecoins crecieron una quinta parte.</p><p><strong>Recuerda:</strong> los resultados pasados no garantizan los futuros.</p>',
          },
        },
      },
    ],
  },
  {
    name: 'Education',
    key: 'education',
    template: 'education',
    icon: 'school',
    authMethod: 'bearer',
    token: 'demo-education-52b8d0aa',
    entries: [
      {
        daysAgo: 10,
        texts: {
          en: {
            title: 'Getting started with tariffs',
            summary: 'What a tariff gives you and how an upgrade is priced.',
            body: '<p>A tariff sets your limits and your referral levels.</p><ol><li>Pick a tariff on the Tariffs page.</li><li>Pay its invoice.</li><li>Upgrade at any time: you pay only the difference for the time left.</li></ol>',
          },
          uk: {
            title: 'Початок роботи з тарифами',
            summary: 'Що дає тариф і як розраховується підвищення.',
            body: '<p>Тариф визначає ваші ліміти та реферальні рівні.</p><ol><li>Оберіть тариф на сторінці «Тарифи».</li><li>Оплатіть рахунок.</li><li>Підвищуйте тариф будь-коли: ви платите лише різницю за час, що залишився.</li></ol>',
          },
          ru: {
            title: 'Начало работы с тарифами',
            summary: 'Что даёт тариф и как рассчитывается повышение.',
            body: '<p>Тариф определяет ваши лимиты и реферальные уровни.</p><ol><li>Выберите тариф на странице «Тарифы».</li><li>Оплатите счёт.</li><li>Повышайте тариф в любое время: вы платите только разницу за оставшееся время.</li></ol>',
          },
          es: {
            title: 'Primeros pasos con las tarifas',
            summary: 'Qué te da una tarifa y cómo se calcula una mejora.',
            body: '<p>Una tarifa fija tus límites y tus niveles de referidos.</p><ol><li>Elige una tarifa en la página de Tarifas.</li><li>Paga su factura.</li><li>Mejora cuando quieras: solo pagas la diferencia por el tiempo restante.</li></ol>',
          },
        },
      },
      {
        daysAgo: 12,
        texts: {
          en: {
            title: 'How referral levels work',
            summary: 'Your team by level, and which levels your plan opens.',
            body: '<p>Members you invite are level 1; the members they invite are level 2, and so on.</p><p>Your affiliate plan decides how many levels you may open.</p>',
          },
          uk: {
            title: 'Як працюють реферальні рівні',
            summary: 'Ваша команда за рівнями і які рівні відкриває ваш план.',
            body: '<p>Учасники, яких ви запросили, — це рівень 1; учасники, яких запросили вони, — рівень 2 і так далі.</p><p>Ваш партнерський план визначає, скільки рівнів ви можете відкрити.</p>',
          },
          ru: {
            title: 'Как работают реферальные уровни',
            summary: 'Ваша команда по уровням и какие уровни открывает ваш план.',
            body: '<p>Приглашённые вами участники — это уровень 1; приглашённые ими — уровень 2 и так далее.</p><p>Ваш партнёрский план определяет, сколько уровней вы можете открыть.</p>',
          },
          es: {
            title: 'Cómo funcionan los niveles de referidos',
            summary: 'Tu equipo por niveles y qué niveles abre tu plan.',
            body: '<p>Los miembros que invitas son el nivel 1; los que ellos invitan, el nivel 2, y así sucesivamente.</p><p>Tu plan de afiliados decide cuántos niveles puedes abrir.</p>',
          },
        },
      },
    ],
  },
  {
    name: 'Documents',
    key: 'documents',
    template: 'documents',
    icon: 'file',
    authMethod: 'basic',
    // base64 of "portal:demo-documents"
    token: Buffer.from('portal:demo-documents').toString('base64'),
    entries: [
      {
        daysAgo: 60,
        texts: {
          en: { title: 'Terms of service', summary: 'The rules of using the portal.', body: '<h3>1. The service</h3><p>The portal gives members access to their tariffs, wallets and team.</p><h3>2. Your account</h3><p>Keep your password and two-factor codes to yourself.</p>' },
          uk: { title: 'Умови користування', summary: 'Правила користування кабінетом.', body: '<h3>1. Послуга</h3><p>Кабінет дає учасникам доступ до їхніх тарифів, гаманців і команди.</p><h3>2. Ваш обліковий запис</h3><p>Нікому не повідомляйте свій пароль і коди двофакторної автентифікації.</p>' },
          ru: { title: 'Условия использования', summary: 'Правила использования кабинета.', body: '<h3>1. Услуга</h3><p>Кабинет даёт участникам доступ к их тарифам, кошелькам и команде.</p><h3>2. Ваша учётная запись</h3><p>Никому не сообщайте свой пароль и коды двухфакторной аутентификации.</p>' },
          es: { title: 'Condiciones del servicio', summary: 'Las reglas de uso del portal.', body: '<h3>1. El servicio</h3><p>El portal da a los miembros acceso a sus tarifas, monederos y equipo.</p><h3>2. Tu cuenta</h3><p>No compartas tu contraseña ni tus códigos de doble factor.</p>' },
        },
      },
      {
        daysAgo: 60,
        texts: {
          en: { title: 'Privacy policy', summary: 'What we keep about you and why.', body: '<p>We keep your name, email and the records of your payments, because the service needs them.</p><p>You can ask for a copy of your data at any time.</p>' },
          uk: { title: 'Політика конфіденційності', summary: 'Які дані про вас ми зберігаємо і навіщо.', body: '<p>Ми зберігаємо ваше ім’я, електронну пошту та записи про ваші платежі, бо без них послуга не працює.</p><p>Ви можете будь-коли попросити копію своїх даних.</p>' },
          ru: { title: 'Политика конфиденциальности', summary: 'Какие данные о вас мы храним и зачем.', body: '<p>Мы храним ваше имя, электронную почту и записи о ваших платежах, потому что без них услуга не работает.</p><p>Вы можете в любое время запросить копию своих данных.</p>' },
          es: { title: 'Política de privacidad', summary: 'Qué guardamos sobre ti y por qué.', body: '<p>Guardamos tu nombre, tu correo y el registro de tus pagos, porque el servicio los necesita.</p><p>Puedes pedir una copia de tus datos en cualquier momento.</p>' },
        },
      },
    ],
  },
  {
    name: 'Help',
    key: 'help',
    template: 'help',
    icon: 'help',
    authMethod: 'token',
    token: 'demo-help-c41d77e2',
    entries: [
      {
        daysAgo: 20,
        texts: {
          en: { title: 'How do I make a deposit?', summary: 'Top up a wallet in a few steps.', body: '<p>Open <strong>Balance</strong>, press <strong>Deposit</strong>, choose the currency and the amount, then pay the invoice.</p>' },
          uk: { title: 'Як поповнити рахунок?', summary: 'Поповніть гаманець за кілька кроків.', body: '<p>Відкрийте <strong>Баланс</strong>, натисніть <strong>Поповнити</strong>, оберіть валюту й суму, потім оплатіть рахунок.</p>' },
          ru: { title: 'Как пополнить счёт?', summary: 'Пополните кошелёк за несколько шагов.', body: '<p>Откройте <strong>Баланс</strong>, нажмите <strong>Пополнить</strong>, выберите валюту и сумму, затем оплатите счёт.</p>' },
          es: { title: '¿Cómo hago un depósito?', summary: 'Recarga un monedero en pocos pasos.', body: '<p>Abre <strong>Saldo</strong>, pulsa <strong>Depositar</strong>, elige la moneda y el importe y paga la factura.</p>' },
        },
      },
      {
        daysAgo: 20,
        texts: {
          en: { title: 'How long does a withdrawal take?', summary: 'Payouts arrive in 1-3 working days.', body: '<p>A withdrawal request is checked and paid within 1-3 working days. Two-factor authentication must be on.</p>' },
          uk: { title: 'Скільки триває виведення коштів?', summary: 'Виплати надходять за 1-3 робочі дні.', body: '<p>Запит на виведення перевіряється й виплачується протягом 1-3 робочих днів. Двофакторна автентифікація має бути увімкнена.</p>' },
          ru: { title: 'Сколько длится вывод средств?', summary: 'Выплаты поступают за 1-3 рабочих дня.', body: '<p>Запрос на вывод проверяется и выплачивается в течение 1-3 рабочих дней. Двухфакторная аутентификация должна быть включена.</p>' },
          es: { title: '¿Cuánto tarda un retiro?', summary: 'Los pagos llegan en 1-3 días hábiles.', body: '<p>Una solicitud de retiro se revisa y se paga en 1-3 días hábiles. La autenticación de dos factores debe estar activada.</p>' },
        },
      },
    ],
  },
  {
    name: 'Banners',
    key: 'banners',
    template: 'banners',
    icon: 'photo',
    authMethod: 'bearer',
    token: 'demo-banners-90e2f6b4',
    entries: [
      {
        daysAgo: 2,
        image: '/media/products/starter-bundle.svg',
        // No tariffs page on the Demo Portal: the banner opens My tariff's upgrade dialog on the dashboard.
        link: '/dashboard?upgrade=true',
        texts: {
          en: { title: 'Upgrade and pay only the difference', summary: 'Move to a bigger tariff at any time.', body: '<p>Move to a bigger tariff at any time and pay only for the time left.</p>' },
          uk: { title: 'Підвищуйте тариф і платіть лише різницю', summary: 'Перейдіть на більший тариф будь-коли.', body: '<p>Переходьте на більший тариф будь-коли й платіть лише за час, що залишився.</p>' },
          ru: { title: 'Повышайте тариф и платите только разницу', summary: 'Перейдите на больший тариф в любое время.', body: '<p>Переходите на больший тариф в любое время и платите только за оставшееся время.</p>' },
          es: { title: 'Mejora y paga solo la diferencia', summary: 'Pasa a una tarifa mayor cuando quieras.', body: '<p>Pasa a una tarifa mayor cuando quieras y paga solo por el tiempo restante.</p>' },
        },
      },
      {
        daysAgo: 5,
        image: '/media/products/copy-trading.svg',
        link: '/affiliates',
        texts: {
          en: { title: 'Invite friends, grow your team', summary: 'Share your referral link.', body: '<p>Share your referral link and earn on every level your plan opens.</p>' },
          uk: { title: 'Запрошуйте друзів, розвивайте команду', summary: 'Поділіться реферальним посиланням.', body: '<p>Діліться реферальним посиланням і заробляйте на кожному рівні, який відкриває ваш план.</p>' },
          ru: { title: 'Приглашайте друзей, растите команду', summary: 'Поделитесь реферальной ссылкой.', body: '<p>Делитесь реферальной ссылкой и зарабатывайте на каждом уровне, который открывает ваш план.</p>' },
          es: { title: 'Invita a tus amigos y haz crecer tu equipo', summary: 'Comparte tu enlace de referido.', body: '<p>Comparte tu enlace de referido y gana en cada nivel que abre tu plan.</p>' },
        },
      },
    ],
  },
];

const day = 24 * 60 * 60_000;
/** Seeds a tenant's CMS modules (urls /cms/{key}) and their entries. */
export async function seedCmsDemo(tx: Db, tenantId: number, modules: DemoModule[] = demoCmsModules): Promise<void> {
  const now = Date.now();
  for (const demo of modules) {
    const [module] = await tx
      .insert(cmsModules)
      .values({
        tenantId,
        name: demo.name,
        nameTranslations: demoCmsNameTranslations[demo.key] ?? null,
        url: `/cms/${demo.key}`, icon: demo.icon, templateName: demo.template,
        requestMethod: 'GET',
        authMethod: demo.authMethod,
        token: demo.token,
      })
      .returning({ id: cmsModules.id });
    for (const [index, entry] of demo.entries.entries()) {
      const [row] = await tx
        .insert(cmsEntries)
        .values({ moduleId: module!.id, sortOrder: index, image: entry.image ?? null, link: entry.link ?? null, publishedAt: new Date(now - entry.daysAgo * day) })
        .returning({ id: cmsEntries.id });
      await tx.insert(cmsEntryTexts).values(
        Object.entries(entry.texts).map(([lang, text]) => ({ entryId: row!.id, lang, title: text.title, summary: text.summary, bodyHtml: text.body })),
      );
    }
  }
}
