export {
  Link,
  NavLink,
  Navigate,
  Outlet,
  Router,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from './router.js';
export type { LinkProps, NavigateOptions, RouteDefinition, RouterLocation } from './router.js';
export { matchPath } from './match.js';
export { getBase, getLocation, setBase, navigate } from './history.js';
