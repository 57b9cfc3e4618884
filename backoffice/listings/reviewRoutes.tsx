import { reactRouterProvider } from 'react-admin';
import { EditReview } from './EditReview.tsx';
import { ReportReview } from './ReportReview.tsx';
import { RequestReview } from './RequestReview.tsx';
import { SuspendedReview } from './SuspendedReview.tsx';

const { Route } = reactRouterProvider;

/** The listing review screens, at the spec's paths under /admin (children of <CustomRoutes>). */
export const reviewRoutes = [
  <Route key="request" path="/car/request/:id" element={<RequestReview />} />,
  <Route key="edit" path="/car/edit/:id" element={<EditReview />} />,
  <Route key="report" path="/car/report/:carId" element={<ReportReview />} />,
  <Route key="suspended" path="/car/suspended/:id" element={<SuspendedReview />} />,
];
