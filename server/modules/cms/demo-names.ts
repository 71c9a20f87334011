// The demo CMS modules' names in the tenant's other languages (issue 33: the menu shows the member's).
export const demoCmsNameTranslations: Record<string, Record<'uk' | 'ru' | 'es', string>> = {
  news: { uk: 'Новини', ru: 'Новости', es: 'Noticias' },
  education: { uk: 'Навчання', ru: 'Обучение', es: 'Formación' },
  documents: { uk: 'Документи', ru: 'Документы', es: 'Documentos' },
  help: { uk: 'Допомога', ru: 'Помощь', es: 'Ayuda' },
  banners: { uk: 'Банери', ru: 'Баннеры', es: 'Banners' },
};
