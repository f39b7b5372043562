/** A product of the `Products` collection (read: ANYONE). */
export interface Product {
  _id: string;
  title: string;
  slug: string;
  price: number;
  description?: string;
  category?: string;
  /** Image URL, usually `/assets/products/<slug>.svg` on the API server. */
  image?: string;
  stock?: number;
}

export const PRODUCTS = 'Products';

/** The catalog's categories (read: ANYONE); `name` is translatable. */
export const CATEGORIES = 'Categories';
