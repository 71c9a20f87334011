// Provider settings (whiteLabel) with modules and design, and the CMS modules of the menu.
import { queryOptions } from '@tanstack/react-query';
import { graphql } from './generated';
import { api } from './client';
import { queryKeys } from './query-keys';

export const whiteLabelQuery = graphql(`
  query WhiteLabel($source: String, $uuid: ID) {
    whiteLabel(source: $source, uuid: $uuid) {
      uuid
      name
      description
      subdomain
      domain
      company_name
      logo
      currency
      supported_currencies {
        name
      }
      font_family
      font_stylesheet
      gtm_tag
      gtm_script_url
      tidio_id
      status
      payment_acceptance
      subscription_available
      subscription_price_monthly
      subscription_price_quarterly
      subscription_price_semiannual
      subscription_price_annual
      telegram_channel_link
      telegram_group_link
      telegram_support_id
      user_agreement_link
      privacy_policy_link
      company_webpage_link
      instagram_link
      youtube_link
      knowledge_base_link
      show_ref_profile
      show_ref_tree
      show_sponsor_profile
      signup_reflink_only
      ref_button_left_menu
      require_first_lastname
      require_confirm_password
      require_telegram
      allow_edit_name
      show_ref_link_only_after_purchase
      expanded_display_balance
      disable_deposit
      withdrawal_automation
      ref_link
      oauth2
      oauth2_public_setting {
        url
        redirect_url
        client_id
      }
      primary_color
      secondary_color
      primary_text_color
      secondary_text_color
      background_color
      link_color
      modules {
        id
        module
        public_config
      }
      design {
        favicon
        default_theme
        allow_theme_switch
        dark_theme_allowed
        light_logo
        dark_logo
        light_background_image
        dark_background_image
        background_image_position
        background_image_size
        dashboard_widgets
        light_theme_primary
        light_theme_secondary
        light_theme_primary_text
        light_theme_surface
        light_theme_surface_background
        light_theme_main_background
        dark_theme_primary
        dark_theme_secondary
        dark_theme_primary_text
        dark_theme_surface
        dark_theme_surface_background
        dark_theme_main_background
        light_theme_surface_70
        light_theme_surface_30
        light_theme_surface_10
        light_theme_surface_03
        light_theme_surface_background_03
        light_theme_surface_background_10
        dark_theme_surface_70
        dark_theme_surface_30
        dark_theme_surface_10
        dark_theme_surface_03
        dark_theme_surface_background_03
        dark_theme_surface_background_10
      }
    }
  }
`);

export const moduleCustomConfigQuery = graphql(`
  query ModuleCustomConfig($whitelabel_uuid: ID!, $module: String!) {
    moduleCustomConfig(whitelabel_uuid: $whitelabel_uuid, module: $module) {
      custom_config
    }
  }
`);

export const moduleCmsQuery = graphql(`
  query ModuleCms($whitelabel_uuid: ID!) {
    moduleCms(whitelabel_uuid: $whitelabel_uuid) {
      id
      name
      name_translations
      url
      icon
      template_name
      request_method
      auth_method
      token
    }
  }
`);

/** The module's name in the member's language where the tenant gives one (name_translations), else its name. */
export function cmsModuleName(module: { name: string; name_translations?: unknown }, lang: string): string {
  const translations: unknown = module.name_translations;
  if (typeof translations !== 'object' || translations === null) return module.name;
  const translated = (translations as Record<string, unknown>)[lang];
  return typeof translated === 'string' && translated.trim() !== '' ? translated : module.name;
}

export const moduleCmsQueryOptions = (whitelabelUuid: string) =>
  queryOptions({
    queryKey: queryKeys.shell.cmsModules(whitelabelUuid),
    queryFn: () => api.request(moduleCmsQuery, { whitelabel_uuid: whitelabelUuid }),
    staleTime: 5 * 60_000,
  });
