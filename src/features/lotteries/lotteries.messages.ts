// The lotteries area's words: a raffle's status, and why a member cannot enter one.
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { RaffleStatus } from '../../../domain/lotteries';
import type { EntryBlock } from '../../../machines/lotteries/lotteries.types';

export const raffleStatusNames: Record<RaffleStatus, MessageDescriptor> = {
  active: msg`On sale`,
  filled: msg`Drawing`,
  finished: msg`Finished`,
};

export const entryBlockTexts: Record<EntryBlock, MessageDescriptor> = {
  PremiumRequired: msg`This raffle is for members with a premium tariff.`,
  MaxTicketsReached: msg`You hold as many tickets as one member may in this raffle.`,
  SoldOut: msg`Every ticket is sold.`,
  Finished: msg`This raffle is over.`,
  LoginRequired: msg`Log in to take part.`,
};
