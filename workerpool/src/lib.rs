//! workerpool (in progress)
