// The member layout's page frame, composed from the areas it shows: the shell's main layout, the member
// status flow (suspended dialog, invoices banner), the new-version notice and, for single sign-on
// tenants, the session check. Features do not import each other; the composition root joins them.
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { activeSubscriptionQueryOptions } from '../../api/app-status';
import { NewVersionNotice } from '../../features/app-status/new-version-notice';
import { MemberSettingsFeed, SuspendedDialog, WarningBanner } from '../../features/app-status/member-status';
import { MainLayout } from '../../features/shell/main-layout';
import { tenantFeatures, type TenantConfig } from '../../lib/tenant';
import { CartButton } from '../../features/shop/cart-button';
import { DepositButton } from '../../features/payments/deposit-button';
import { DepositProvider } from '../flows/payments';
import { CartFrame } from './shop-frame';
import { MemberStatusProvider } from '../flows/app-status-member';
import { SsoSessionProvider } from '../flows/auth-sso';

export function MemberPage({ tenant, children }: { tenant: TenantConfig; children: ReactNode }) {
  // The platform subscription is polled every 30 s while a member is signed in (calls §4).
  useQuery(activeSubscriptionQueryOptions());
  const features = tenantFeatures(tenant);
  const deposits = !tenant.whiteLabel.disable_deposit;
  const layout = (
    <MainLayout cart={features.productsModule ? <CartButton /> : undefined} deposit={deposits ? <DepositButton /> : undefined}>
      {tenant.whiteLabel.oauth2 && <SsoSessionProvider />}
      <NewVersionNotice />
      <WarningBanner />
      {children}
    </MainLayout>
  );
  const page = (
    <MemberStatusProvider>
      <MemberSettingsFeed />
      <SuspendedDialog />
      {/* The header's deposit flow lives above the layout: the header is rebuilt when the screen crosses the
          phone breakpoint (a tablet turned), and the dialog and the amount typed must survive it. */}
      {deposits ? <DepositProvider>{layout}</DepositProvider> : layout}
    </MemberStatusProvider>
  );
  // The cart is the products module's (in tariff mode too, where /products still lists what is sold):
  // without it there is no cart to carry.
  return features.productsModule ? <CartFrame>{page}</CartFrame> : page;
}

/** The balance page's Deposit button, with a deposit flow of its own (the header's is the page frame's, above). */
export function MemberDepositButton() {
  return (
    <DepositProvider>
      <DepositButton />
    </DepositProvider>
  );
}
