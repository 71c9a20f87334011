// The one way a route mounts a flow (DESIGN §3-4): src/app/flows/<area>.ts exports a provider per flow, made
// here. The provider makes the flow's logic once per tenant, starts it with its input (the ids a route has
// travel once, into the input; the view reads them back through selectors), on the wall clock and inspected
// (/flows, the dev overlay), and keyed by what identifies it, so a new invoice id starts a new flow. Views
// below it read and send through the area's actor context; they never receive logic as props.
import { createElement, type ReactNode } from 'react';
import type { createActorContext } from '@xstate/react';
import type { ActorOptions, AnyActorLogic, InputFrom } from 'xstate';
import { flowOptions } from '../../lib/flow-inspection';
import { useTenant } from '../../lib/tenant-context';
import type { TenantConfig } from '../../lib/tenant';

type ActorContext<TLogic extends AnyActorLogic> = ReturnType<typeof createActorContext<TLogic>>;

export interface FlowMount<TLogic extends AnyActorLogic> {
  logic: TLogic;
  /** The flow's input, read once when it starts. */
  input?: InputFrom<TLogic>;
  /** What identifies this run of the flow (an invoice id): a new key starts a new flow. */
  key?: string;
}

/**
 * A provider component for one flow: `mount` picks the logic (made once per tenant) and the input from the
 * provider's props. `const InvoicePaymentProvider = flowProvider(InvoicePaymentContext, ({ invoiceId }, tenant)
 * => ({ logic: createInvoicePaymentLogic(tenant), input: { invoiceId }, key: invoiceId }))`.
 */
export function flowProvider<TLogic extends AnyActorLogic, TProps extends object = object>(
  Context: ActorContext<TLogic>,
  mount: (props: TProps, tenant: TenantConfig) => FlowMount<TLogic>,
) {
  return function FlowProvider(props: TProps & { children?: ReactNode }) {
    const { logic, input, key } = mount(props, useTenant());
    const options = flowOptions(input === undefined ? {} : { input }) as ActorOptions<TLogic>;
    return createElement(Context.Provider, { key, logic, options, children: props.children });
  };
}
