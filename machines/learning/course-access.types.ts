/** whiteLabelUserActiveSubscription (spec §3): whether subscriptions are on, the member's is paid, until when. */
export interface SubscriptionStatus {
  enabled: boolean;
  active: boolean;
  till: string | null;
  /** This member may activate or renew it (the portal's owner, spec §6). */
  can_activate: boolean;
}

export interface CourseAccessInput {
  /** The course comes with the subscription (Course.requires_subscription, Beyond §7). */
  requiresSubscription: boolean;
  /** The subscription as the route loaded it, or null when the server had none to tell. */
  subscription: SubscriptionStatus | null;
}

export type CourseAccessContext = CourseAccessInput;

export type CourseAccessEvent = { type: 'page.hidden' } | { type: 'page.visible' };
