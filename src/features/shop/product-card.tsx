// A product card: image (the default image first, bg_color behind it), name and the cheapest price it is
// sold at, leading to the product page. Plain elements styled by product-card.css with the theme's variables
// (as Mantine's Card, Image and Text look): a store's first page renders a dozen of them, and as Mantine
// components they were half of its first render.
import { useLingui } from '@lingui/react/macro';
import { createLink } from '@tanstack/react-router';
import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { cheapestPrice } from '../../../machines/shop/totals';
import { leadImage } from '../../../machines/shop/lead-image';
import { toCartProduct, type Product } from '../../api/shop';
import { formatMoney } from '../../lib/format';
import { perCycle } from './shop.messages';
import './product-card.css';

const CardAnchor = forwardRef<HTMLAnchorElement, ComponentPropsWithoutRef<'a'>>((props, ref) => <a ref={ref} {...props} />);
CardAnchor.displayName = 'CardAnchor';
const RouterCardLink = createLink(CardAnchor);

/**
 * `priority`: a card on screen from the start (the list's first row), whose image is the page's largest paint:
 * fetched at once and ahead of the rest, where the others wait until they are scrolled near.
 */
export function ProductCard({ product, to, priority = false }: { product: Product; to: '/product/$id' | '/store/product/$id'; priority?: boolean }) {
  const { i18n, t } = useLingui();
  const from = cheapestPrice(toCartProduct(product));
  const image = leadImage(product);
  const per = from ? perCycle[from.cycle] : null;
  return (
    <RouterCardLink to={to} params={{ id: product.id }} className="product-card" data-testid="product-card">
      <div className="product-card-image" style={product.bg_color ? { background: product.bg_color } : undefined}>
        {image && <img src={image} alt="" loading={priority ? 'eager' : 'lazy'} fetchPriority={priority ? 'high' : 'auto'} />}
      </div>
      <div className="product-card-text">
        <p className="product-card-name">{product.name}</p>
        {from ? (
          <p className="product-card-price">
            {t`from`} <b>{formatMoney(from.price, product.currency)}</b> {per ? i18n._(per) : null}
          </p>
        ) : (
          <p className="product-card-price product-card-dimmed">{t`Not for sale`}</p>
        )}
      </div>
    </RouterCardLink>
  );
}
