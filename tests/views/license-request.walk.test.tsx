// @vitest-environment jsdom
// Requesting a license: the flow's model paths, walked through the real /licenses page.
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { LicenseField, LicenseRequestEvent } from '../../machines/licenses/license-request.types';
import { chosenProduct } from '../../machines/licenses/license-request.schema';
import { LicensesView } from '../../src/features/licenses/licenses-view';
import { LicenseRequestContext } from '../../src/features/licenses/licenses.contexts';
import { fieldErrorText } from '../../src/lib/field-errors';
import { modelPaths } from '../support/model';
import { renderInFlow, walkPath, type Gesture } from '../support/walk';
import { licenseRequestModel } from '../models/license-request.model';

const fieldLabels: Record<Exclude<LicenseField, 'productId'>, RegExp> = {
  brokerAccount: /^Broker account number/,
  brokerServer: /^Broker server/,
  comment: /^Comment/,
};
const panel = () => within(screen.getByRole('region', { name: 'Request a license' }));
const list = () => within(screen.getByRole('region', { name: 'Your requests' }));
const productField = () => panel().getByRole('combobox', { name: /^Product/ });
const textField = (field: Exclude<LicenseField, 'productId'>) => panel().getByRole('textbox', { name: fieldLabels[field] });

const gestures = {
  'field.change': async (user, event) => {
    if (event.field === 'productId') return user.selectOptions(productField(), event.value);
    await user.clear(textField(event.field));
    await user.type(textField(event.field), event.value);
  },
  'request.submit': async (user) => user.click(panel().getByRole('button', { name: 'Request a license' })),
  'load.retry': async (user) => user.click(screen.getByRole('button', { name: 'Try again' })),
} satisfies { [K in LicenseRequestEvent['type']]: Gesture<Extract<LicenseRequestEvent, { type: K }>> };

function expectScreen(snapshot: any) {
  const { context } = snapshot;
  if (snapshot.matches('loading')) {
    expect(screen.getByRole('status')).toHaveTextContent('Loading your licenses…');
    return;
  }
  if (snapshot.matches('loadFailed')) {
    expect(screen.getByRole('alert')).toHaveTextContent('Your licenses could not be loaded.');
    return;
  }
  // The list: every request with its status; the key once accepted, the reason when declined.
  const cards = list().queryAllByTestId('license-request');
  expect(cards).toHaveLength(context.overview.requests.length);
  context.overview.requests.forEach((request: any, index: number) => {
    const card = within(cards[index]!);
    expect(card.getByRole('heading', { name: request.productName })).toBeTruthy();
    expect(cards[index]).toHaveTextContent(request.brokerAccount);
    expect(card.getByText({ pending: 'Pending', accepted: 'Accepted', declined: 'Declined' }[request.status as string]!)).toBeTruthy();
    if (request.status === 'accepted') {
      expect(card.getByTestId('license-key')).toHaveTextContent(request.licenseKey);
      expect(card.getByRole('button', { name: 'Copy the license key' })).toBeTruthy();
    } else expect(card.queryByTestId('license-key')).toBeNull();
    if (request.status === 'declined') expect(card.getByTestId('license-decline-reason')).toHaveTextContent(request.declineReason);
  });
  if (context.overview.requests.length === 0) expect(list().getByTestId('license-requests-empty')).toHaveTextContent('No license requests yet.');
  if (context.created) expect(panel().getByTestId('license-created')).toHaveTextContent(`Your request for ${context.created.productName} is sent`);
  else expect(panel().queryByTestId('license-created')).toBeNull();
  if (snapshot.matches({ ready: 'refused' })) {
    const refusal = panel().getByTestId('license-refusal');
    if (context.overview.reason === 'NoProductsBought') {
      expect(refusal).toHaveTextContent('A license request is impossible when no products are bought.');
      expect(panel().getByRole('link', { name: 'See the products' })).toHaveAttribute('href', '/products');
    } else expect(refusal).toHaveTextContent('A license request is impossible: all licenses are already issued or under review.');
    expect(panel().queryByRole('button', { name: 'Request a license' })).toBeNull();
    return;
  }
  expect(panel().queryByTestId('license-refusal')).toBeNull();
  // The form as typed, each field's problem beside it; the broker's server only for a product that needs it.
  expect(productField()).toHaveValue(context.values.productId);
  expect(textField('brokerAccount')).toHaveValue(context.values.brokerAccount);
  expect(textField('comment')).toHaveValue(context.values.comment);
  const needsServer = chosenProduct(context.overview.products, context.values.productId)?.needsServer ?? false;
  if (needsServer) expect(textField('brokerServer')).toHaveValue(context.values.brokerServer);
  else expect(panel().queryByRole('textbox', { name: fieldLabels.brokerServer })).toBeNull();
  for (const [field, code] of Object.entries(context.fieldErrors as Record<string, string>)) {
    const input = field === 'productId' ? productField() : textField(field as Exclude<LicenseField, 'productId'>);
    expect(input).toHaveAccessibleDescription(expect.stringContaining(fieldErrorText(code)!));
  }
  const send = panel().getByRole('button', { name: 'Request a license' });
  if (snapshot.hasTag('busy')) expect(send).toHaveAttribute('data-loading', 'true');
  else expect(send).toBeEnabled();
}

describe('licenses page', () => {
  for (const modelPath of modelPaths(licenseRequestModel)) {
    it(modelPath.title, async () => {
      await walkPath(modelPath, {
        machine: licenseRequestModel.machine,
        gestures,
        expectScreen,
        render: (logic, input, clock) => renderInFlow(LicenseRequestContext, <LicensesView />, logic, input, clock),
      });
    });
  }
});
