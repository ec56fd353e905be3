import { useNavigation } from 'react-router';

/** A thin bar at the top of the page while the router loads the next route. */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return <div className="navigation-progress" role="progressbar" aria-label="Loading page" />;
}
