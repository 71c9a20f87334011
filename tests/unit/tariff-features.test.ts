// What a tariff includes and what a switch keeps and loses: "Everything in X" lines stand for X's features.
import { describe, expect, it } from 'vitest';
import { featuresOnSwitch, tariffFeatures } from '../../src/features/tariffs/tariff-features';

// Acme's line, as the demo data describes it.
const starter = { name: 'Starter Portfolio', description: 'Diversified index portfolio\nQuarterly rebalancing\nMonthly report' };
const growth = { name: 'Growth Portfolio', description: 'Everything in Starter\nGrowth and thematic funds\nMonthly rebalancing\nAnalyst calls' };
const premium = { name: 'Premium Portfolio', description: 'Everything in Growth\nPrivate placements\nPersonal portfolio manager' };
const acme = [starter, growth, premium];

describe('tariff features', () => {
  it('reads "Everything in Starter" as the features of Starter Portfolio, through every level', () => {
    expect(tariffFeatures(premium, acme)).toEqual([
      'Diversified index portfolio',
      'Quarterly rebalancing',
      'Monthly report',
      'Growth and thematic funds',
      'Monthly rebalancing',
      'Analyst calls',
      'Private placements',
      'Personal portfolio manager',
    ]);
  });

  it('moving from Growth to Starter keeps Starter\'s features and loses only Growth\'s own', () => {
    expect(featuresOnSwitch(growth, starter, acme)).toEqual({
      kept: ['Diversified index portfolio', 'Quarterly rebalancing', 'Monthly report'],
      lost: ['Growth and thematic funds', 'Monthly rebalancing', 'Analyst calls'],
    });
  });

  it('keeps a line that names no tariff of the line as it is, and stops at a tariff that includes itself', () => {
    const odd = { name: 'Odd', description: 'Everything in Gold\nEverything in Odd\nSupport' };
    expect(tariffFeatures(odd, [odd])).toEqual(['Everything in Gold', 'Everything in Odd', 'Support']);
  });
});
