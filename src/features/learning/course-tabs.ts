// The course view's tabs, as the parts inside them may open one (the completed lesson's "See the downloads").
import { createContext, useContext } from 'react';

export type CourseTab = 'lesson' | 'contents' | 'downloads' | 'about';

export const CourseTabContext = createContext<(tab: CourseTab) => void>(() => {});

/** Opens a tab of the course view around the caller. */
export const useShowCourseTab = () => useContext(CourseTabContext);
